//! The web client's catalogues (`web/i18n/*.ftl`, one Fluent file a language), embedded, as the
//! server reads them: `web` lists their languages, `text` reserves the names they show for what is
//! not a person, `push` words its notifications from them ([`bundle`], [`format`]). A translator
//! adds a language with one file; all follow.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../web/i18n/"]
#[include = "*.ftl"]
struct Files;

/// One catalogue: its language's code (the file's name) and its text.
pub struct Catalogue {
    pub code: String,
    pub text: String,
}

/// Every catalogue, English first, then by code.
pub fn all() -> Vec<Catalogue> {
    let mut catalogues: Vec<Catalogue> = Files::iter()
        .filter_map(|name| {
            let code = name.strip_suffix(".ftl")?.to_string();
            let file = Files::get(&name)?;
            let text = String::from_utf8_lossy(&file.data).into_owned();
            Some(Catalogue { code, text })
        })
        .collect();
    catalogues.sort_by(|a, b| (a.code != "en", &a.code).cmp(&(b.code != "en", &b.code)));
    catalogues
}

/// A catalogue ready to format its messages (shareable between threads).
pub type Bundle = FluentBundle<FluentResource>;

/// The catalogue of language `code` with its `text`, as the browser's @fluent/bundle reads it:
/// without isolation marks.
pub fn bundle(code: &str, text: String) -> Bundle {
    let language: unic_langid::LanguageIdentifier = code.parse().unwrap_or_default();
    let resource = FluentResource::try_new(text).unwrap_or_else(|(partial, _)| partial);
    let mut bundle = FluentBundle::new_concurrent(vec![language]);
    bundle.set_use_isolating(false);
    // The only error is a message defined twice: the first stands, as in the browser.
    let _ = bundle.add_resource(resource);
    bundle
}

/// Message `id` of `bundle` formatted with `args`, if the catalogue has it.
pub fn format(bundle: &Bundle, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn english_comes_first() {
        let codes: Vec<String> = super::all().into_iter().map(|c| c.code).collect();
        assert_eq!(codes.first().map(String::as_str), Some("en"));
        assert!(codes.contains(&"fr".to_string()));
    }
}
