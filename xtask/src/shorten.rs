//! Short names for the wasm's imports and wasm-bindgen's generated exports in a release build.
//!
//! wasm-bindgen names every import after its JavaScript function plus a 16-hex-digit hash
//! (`__wbg_appendChild_9bc2…`) and every closure trampoline export after its full Rust type;
//! each name is written twice, in the wasm and in the glue. The hashes do not compress: on
//! the exercises page the names cost ~3 KB gzip of wasm and ~2 KB of glue (BENCHMARKS.md,
//! session 7). [`shorten`] renames them to `$0`, `$1`, … in both files, after wasm-bindgen and
//! before `wasm-opt` and the minifier. The module is read and written with walrus, the
//! library wasm-bindgen itself is built on (the same copy).
//!
//! The glue is rewritten token by token: every JavaScript identifier equal to an old name
//! becomes the new one. Every import must be found in the glue (each is a key of the glue's
//! import object), new names must not occur in it before, and only generated exports
//! (`__wbg…`, `__wbindgen…`, `wasm_bindgen…`) that the glue uses are renamed; anything else
//! fails the build rather than shipping a page that cannot start.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::Path;

use crate::util::Result;

/// Renames the imports of `wasm` (all from the glue module `js`) and its generated exports,
/// and the glue with them (see the module docs). Returns how many names changed.
pub fn shorten(wasm: &Path, js: &Path) -> Result<usize> {
    let mut module = walrus::Module::from_file(wasm).map_err(|e| format!("walrus: {e:#}"))?;
    let glue = fs::read_to_string(js)?;
    let used: HashSet<&str> = identifiers(&glue).map(|(_, token)| token).collect();
    let mut renames: HashMap<String, String> = HashMap::new();
    let mut fresh = (0usize..).map(|i| format!("${}", base36(i)));
    let mut next_name = |renames: &HashMap<String, String>| -> Result<String> {
        let name = fresh.next().ok_or("ran out of names")?;
        if used.contains(name.as_str()) || renames.values().any(|n| *n == name) {
            return Err(format!("the glue already uses the identifier {name}").into());
        }
        Ok(name)
    };
    let glue_module = glue_module(js)?;
    for import in module.imports.iter_mut() {
        if import.module != glue_module {
            return Err(format!("import {}.{} is not from the glue {glue_module}", import.module, import.name).into());
        }
        if !used.contains(import.name.as_str()) {
            return Err(format!("import {} is not named in the glue", import.name).into());
        }
        let new = match renames.get(&import.name) {
            Some(new) => new.clone(),
            None => next_name(&renames)?,
        };
        renames.insert(std::mem::replace(&mut import.name, new.clone()), new);
    }
    for export in module.exports.iter_mut() {
        let generated = ["__wbg", "__wbindgen", "wasm_bindgen"].iter().any(|p| export.name.starts_with(p));
        if generated && used.contains(export.name.as_str()) && !renames.contains_key(&export.name) {
            let new = next_name(&renames)?;
            renames.insert(std::mem::replace(&mut export.name, new.clone()), new);
        }
    }
    let rewritten = rename_identifiers(&glue, &renames);
    module.emit_wasm_file(wasm).map_err(|e| format!("walrus: {e:#}"))?;
    fs::write(js, rewritten)?;
    Ok(renames.len())
}

/// The module name the wasm imports the glue `x.js` as: `./x_bg.js`.
fn glue_module(js: &Path) -> Result<String> {
    let name = js.file_name().and_then(|n| n.to_str()).ok_or("a glue file has no name")?;
    Ok(format!("./{}", name.replace(".js", "_bg.js")))
}

/// `0`, `1`, …, `z`, `10`, …
fn base36(mut i: usize) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(char::from_digit((i % 36) as u32, 36).unwrap_or('0'));
        i /= 36;
        if i == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}

/// The identifier-like tokens of JavaScript text with their byte offsets: runs of
/// `[A-Za-z0-9_$]` that do not start with a digit (inside strings and comments too, which
/// is harmless for names as unique as these).
fn identifiers(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    let is_part = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            if !is_part(bytes[i]) {
                i += 1;
                continue;
            }
            let start = i;
            while i < bytes.len() && is_part(bytes[i]) {
                i += 1;
            }
            if !bytes[start].is_ascii_digit() {
                return text.get(start..i).map(|token| (start, token));
            }
        }
        None
    })
}

/// `text` with every identifier token found in `renames` replaced.
fn rename_identifiers(text: &str, renames: &HashMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (start, token) in identifiers(text) {
        if let Some(new) = renames.get(token) {
            out.push_str(text.get(copied..start).unwrap_or_default());
            out.push_str(new);
            copied = start + token.len();
        }
    }
    out.push_str(text.get(copied..).unwrap_or_default());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_identifiers_are_renamed() {
        let renames: HashMap<String, String> =
            [("__wbg_a_1f".to_owned(), "$0".to_owned()), ("x".to_owned(), "$1".to_owned())].into_iter().collect();
        let text = "{__wbg_a_1f:function(x){return x2+x.__wbg_a_1f+__wbg_a_1fz+0x}}";
        assert_eq!(rename_identifiers(text, &renames), "{$0:function($1){return x2+$1.$0+__wbg_a_1fz+0x}}");
        let tokens: Vec<&str> = identifiers("a1 2b $c _d").map(|(_, t)| t).collect();
        assert_eq!(tokens, ["a1", "$c", "_d"]);
    }

    /// A module importing two functions from `./x_bg.js` and exporting one of them twice:
    /// as a generated name and as `main`.
    fn module_file(dir: &Path) -> std::path::PathBuf {
        let mut module = walrus::Module::default();
        let ty = module.types.add(&[], &[]);
        let (log, _) = module.add_import_func("./x_bg.js", "__wbg_log_0123456789abcdef", ty);
        module.add_import_func("./x_bg.js", "__wbindgen_throw_fedcba9876543210", ty);
        module.exports.add("__wbindgen_export_1", log);
        module.exports.add("main", log);
        let path = dir.join("x_bg.wasm");
        module.emit_wasm_file(&path).unwrap_or_else(|e| panic!("{e}"));
        path
    }

    #[test]
    fn renames_imports_and_generated_exports_in_both_files() {
        let dir = std::env::temp_dir().join(format!("xtask-shorten-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let (wasm, js) = (module_file(&dir), dir.join("x.js"));
        let glue = "const i={\"./x_bg.js\":{__wbg_log_0123456789abcdef:function(a){},\
                    __wbindgen_throw_fedcba9876543210:function(){}}};w.__wbindgen_export_1();w.main();";
        fs::write(&js, glue).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(shorten(&wasm, &js).ok(), Some(3));
        let module = walrus::Module::from_file(&wasm).unwrap_or_else(|e| panic!("{e}"));
        let imports: Vec<&str> = module.imports.iter().map(|i| i.name.as_str()).collect();
        let exports: Vec<&str> = module.exports.iter().map(|e| e.name.as_str()).collect();
        assert_eq!((imports, exports), (vec!["$0", "$1"], vec!["$2", "main"]));
        let rewritten = fs::read_to_string(&js).unwrap_or_default();
        assert_eq!(rewritten, "const i={\"./x_bg.js\":{$0:function(a){},$1:function(){}}};w.$2();w.main();");

        // An import the glue does not provide fails the build instead of shipping a broken page.
        let wasm = module_file(&dir);
        fs::write(&js, "const i={__wbg_log_0123456789abcdef:function(){}};").unwrap_or_else(|e| panic!("{e}"));
        let error = shorten(&wasm, &js).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains("__wbindgen_throw_fedcba9876543210 is not named in the glue"), "{error}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn short_names_count_in_base_36() {
        let names: Vec<String> = [0, 9, 10, 35, 36, 1295, 1296].into_iter().map(base36).collect();
        assert_eq!(names, ["0", "9", "a", "z", "10", "zz", "100"]);
    }
}
