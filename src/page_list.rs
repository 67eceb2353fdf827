//! Reads `pages.toml`, the site's one list of pages. Used by the site's `build.rs` (which
//! generates `Route` from it), by xtask (which builds one release wasm per page) and by the
//! router's tests; each includes this file with `#[path]`, so it needs only the `toml` crate.

// Each of the three uses a part of it.
#![allow(dead_code)]

/// One page of `pages.toml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// Its Cargo feature, bundle, module, locale and stylesheet name: lowercase letters.
    pub id: String,
    /// What the page is, for the doc of its `Route` variant.
    pub about: String,
    /// The screenshots its end-to-end spec saves beyond `<id>.png` and `<id>-phone.png`.
    pub screenshots: Vec<String>,
    /// Whether the page has an embed view (`?embed=1`, `src/embed.rs`).
    pub embed: bool,
    /// Whether `#/<id>/…` is this page too (it reads the rest of the path itself).
    pub subpaths: bool,
    /// Other pages whose components this page shows (their module is compiled into its wasm,
    /// with their locale files, and their stylesheet loads with its own).
    pub uses: Vec<String>,
}

impl Page {
    /// The path in the hash: `/` for the landing page (the first), else `/<id>`.
    pub fn path(&self, landing: bool) -> String {
        if landing {
            "/".to_owned()
        } else {
            format!("/{}", self.id)
        }
    }

    /// Its `Route` variant: the id with a capital letter (`planner` → `Planner`).
    pub fn variant(&self) -> String {
        let mut chars = self.id.chars();
        chars.next().map(|first| first.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
    }

    /// Every screenshot its end-to-end spec saves.
    pub fn all_screenshots(&self) -> Vec<String> {
        let own = [format!("{}.png", self.id), format!("{}-phone.png", self.id)];
        own.into_iter().chain(self.screenshots.iter().cloned()).collect()
    }
}

/// The pages of `text` (the contents of `pages.toml`), in order; an error names the entry
/// and what is wrong with it.
pub fn parse(text: &str) -> Result<Vec<Page>, String> {
    let table: toml::Table = toml::from_str(text).map_err(|error| format!("pages.toml: {error}"))?;
    if let Some(key) = table.keys().find(|key| *key != "page") {
        return Err(format!("pages.toml: unknown key `{key}` (only [[page]] entries)"));
    }
    let entries = match table.get("page") {
        Some(toml::Value::Array(entries)) if !entries.is_empty() => entries,
        _ => return Err("pages.toml: no [[page]] entries".to_owned()),
    };
    let mut pages: Vec<Page> = Vec::new();
    for (n, entry) in entries.iter().enumerate() {
        let at = format!("pages.toml: page {}", n + 1);
        let entry = entry.as_table().ok_or_else(|| format!("{at} is not a table"))?;
        if let Some(key) = entry
            .keys()
            .find(|key| !["id", "about", "screenshots", "embed", "subpaths", "uses"].contains(&key.as_str()))
        {
            return Err(format!("{at}: unknown key `{key}`"));
        }
        let text = |key: &str| match entry.get(key) {
            Some(toml::Value::String(value)) if !value.trim().is_empty() && !value.contains('\n') => Ok(value.clone()),
            _ => Err(format!("{at}: `{key}` must be a text on one line")),
        };
        let id = text("id")?;
        if !id.chars().all(|c| c.is_ascii_lowercase()) {
            return Err(format!("{at}: id `{id}` must be lowercase letters (a Cargo feature, a path, a file name)"));
        }
        if id == "all" || id == "default" || id == "embed" {
            return Err(format!(
                "{at}: id `{id}` is taken (the debug bundle, the default feature set, the embed texts)"
            ));
        }
        if pages.iter().any(|page| page.id == id) {
            return Err(format!("{at}: id `{id}` is listed twice"));
        }
        let list = |key: &str| match entry.get(key) {
            None => Ok(Vec::new()),
            Some(toml::Value::Array(names)) => names
                .iter()
                .map(|name| name.as_str().map(str::to_owned).ok_or_else(|| format!("{at}: `{key}` holds a non-text")))
                .collect::<Result<Vec<_>, _>>(),
            Some(_) => Err(format!("{at}: `{key}` must be a list of texts")),
        };
        let screenshots = list("screenshots")?;
        let uses = list("uses")?;
        if let Some(used) = uses.iter().find(|used| !pages.iter().any(|page| page.id == **used)) {
            return Err(format!("{at}: `uses` names `{used}`, which is not a page listed before it"));
        }
        let embed = match entry.get("embed") {
            None => false,
            Some(toml::Value::Boolean(embed)) => *embed,
            Some(_) => return Err(format!("{at}: `embed` must be true or false")),
        };
        let subpaths = match entry.get("subpaths") {
            None => false,
            Some(toml::Value::Boolean(value)) => *value,
            Some(_) => return Err(format!("{at}: `subpaths` must be true or false")),
        };
        if subpaths && n == 0 {
            return Err(format!("{at}: the landing page is at `#/`, so it cannot take sub-paths"));
        }
        pages.push(Page { id, about: text("about")?, screenshots, embed, subpaths, uses });
    }
    Ok(pages)
}
