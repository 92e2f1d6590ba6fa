//! Lists every game's words files, `src/<game>/words.<lang>.json`, for `src/words.rs`: a new
//! language, or a new game's words, is files only, found here by listing the folders. Writes
//! `$OUT_DIR/words_files.rs`, a slice of `(game folder, language, include_str!(file))`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs, io};

fn main() -> io::Result<()> {
    let src = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("src");
    // A directory here: cargo reruns this script when anything below it changes (a file added too).
    println!("cargo:rerun-if-changed=src");
    let mut list = String::from("&[\n");
    for (folder, lang, path) in words_files(&src)? {
        writeln!(
            list,
            "    ({folder:?}, {lang:?}, include_str!({:?})),",
            path.display()
        )
        .expect("writing to a String");
    }
    list.push(']');
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets it")).join("words_files.rs");
    fs::write(out, list)
}

/// Every `<folder>/words.<lang>.json` under `src`, sorted (the build's output does not depend on
/// the order the file system lists them in).
fn words_files(src: &Path) -> io::Result<Vec<(String, String, PathBuf)>> {
    let mut found = Vec::new();
    for folder in fs::read_dir(src)? {
        let folder = folder?;
        if !folder.file_type()?.is_dir() {
            continue;
        }
        for file in fs::read_dir(folder.path())? {
            let path = file?.path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            let lang = name
                .strip_prefix("words.")
                .and_then(|rest| rest.strip_suffix(".json"));
            if let Some(lang) = lang {
                let folder = folder.file_name().to_string_lossy().into_owned();
                found.push((folder, lang.to_string(), path));
            }
        }
    }
    found.sort();
    Ok(found)
}
