//! Characters that show nothing. Trimming removes white space at the ends and the Cc/Cf check
//! refuses control and format characters, but some letters and symbols are blank too: the Hangul
//! fillers and the blank Braille pattern are the usual ways to make a name that looks empty, or
//! looks like another name with nothing added. Names refuse them; a chat line must show something.

/// Letters, symbols and marks that render as nothing, though they are neither white space nor a
/// control or format character: the Default_Ignorable_Code_Point characters outside Cf (but the
/// variation selectors, see [`is_variation_selector`]), and the blank Braille pattern.
fn is_filler(c: char) -> bool {
    matches!(
        c,
        // Hangul choseong and jungseong fillers, Hangul filler, halfwidth Hangul filler (Lo).
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}'
        // Braille pattern blank (So): a space that trimming does not see.
        | '\u{2800}'
        // Combining grapheme joiner, Khmer inherent vowels, Mongolian free variation selectors (Mn).
        | '\u{034F}' | '\u{17B4}' | '\u{17B5}' | '\u{180B}'..='\u{180D}' | '\u{180F}'
        // Unassigned code points reserved as default-ignorable: whatever comes there will show nothing.
        | '\u{2065}' | '\u{FFF0}'..='\u{FFF8}' | '\u{E0000}' | '\u{E0002}'..='\u{E001F}'
        | '\u{E0080}'..='\u{E00FF}' | '\u{E01F0}'..='\u{E0FFF}'
    )
}

/// Variation selectors choose how the character before them is drawn (`❤️` is a heart and
/// U+FE0F): allowed after something, but they show nothing by themselves.
fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
}

/// Whether `c` shows something by itself: not white space, not a filler, not a variation selector.
pub(super) fn is_visible(c: char) -> bool {
    !(c.is_whitespace() || is_filler(c) || is_variation_selector(c))
}

/// Whether a name must not contain `c`: a filler, or white space other than the plain space
/// (U+0020) between words. Every other space (no-break, em, ideographic...) looks like one or like
/// nothing, and none is needed in a name.
pub(super) fn is_hidden_in_name(c: char) -> bool {
    is_filler(c) || (c.is_whitespace() && c != ' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fillers_and_blanks_show_nothing() {
        for blank in [
            '\u{115F}',
            '\u{1160}',
            '\u{3164}',
            '\u{FFA0}',
            '\u{2800}',
            '\u{034F}',
            '\u{FE0F}',
            '\u{E0100}',
            ' ',
            '\u{A0}',
            '\u{2003}',
            '\u{205F}',
            '\u{3000}',
        ] {
            assert!(!is_visible(blank), "U+{:04X}", u32::from(blank));
        }
        for shown in ['a', 'é', '한', '⠁', '❤', '.', '\u{301}'] {
            assert!(is_visible(shown), "U+{:04X}", u32::from(shown));
        }
    }

    #[test]
    fn names_keep_plain_spaces_and_variation_selectors_only() {
        for hidden in [
            '\u{3164}', '\u{2800}', '\u{115F}', '\u{A0}', '\u{2000}', '\u{200A}', '\u{205F}',
            '\u{3000}',
        ] {
            assert!(is_hidden_in_name(hidden), "U+{:04X}", u32::from(hidden));
        }
        for kept in [' ', 'a', '\u{FE0F}', '\u{301}'] {
            assert!(!is_hidden_in_name(kept), "U+{:04X}", u32::from(kept));
        }
    }
}
