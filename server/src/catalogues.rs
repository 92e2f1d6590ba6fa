//! The web client's catalogues (`web/i18n/*.ftl`, one Fluent file a language), embedded, as the
//! server reads them: `web` lists their languages, `text` reserves the names they show for what is
//! not a person. A translator adds a language with one file; both follow.

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

#[cfg(test)]
mod tests {
    #[test]
    fn english_comes_first() {
        let codes: Vec<String> = super::all().into_iter().map(|c| c.code).collect();
        assert_eq!(codes.first().map(String::as_str), Some("en"));
        assert!(codes.contains(&"fr".to_string()));
    }
}
