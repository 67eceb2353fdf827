//! [`Names`]: values by name, kept sorted in one `Vec`.
//!
//! The exercise runtime keeps a handful of small maps by name (an instance's parameters and
//! derived values, the progress of each exercise). A `BTreeMap` compiles its node, search,
//! split and rebalance code once per value type into the site's wasm (BENCHMARKS.md,
//! "History"); a sorted `Vec` with a binary search does the same job for a few dozen
//! entries with far less code. Serialized exactly like a `BTreeMap<String, V>`: a JSON object
//! in name order.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Values by name, in name order (byte order of the names, as `BTreeMap<String, V>`).
#[derive(Clone, PartialEq, Eq)]
pub struct Names<V> {
    entries: Vec<(String, V)>,
}

impl<V> Default for Names<V> {
    fn default() -> Self {
        Self { entries: Vec::new() }
    }
}

impl<V> Names<V> {
    /// No entries.
    pub fn new() -> Self {
        Self::default()
    }

    fn find(&self, name: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(n, _)| n.as_str().cmp(name))
    }

    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<&V> {
        self.find(name).ok().and_then(|i| self.entries.get(i)).map(|(_, v)| v)
    }

    /// The value of `name`, to change.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut V> {
        let i = self.find(name).ok()?;
        self.entries.get_mut(i).map(|(_, v)| v)
    }

    /// Whether `name` has a value.
    pub fn contains_key(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Sets `name` to `value`; returns the value it replaces.
    pub fn insert(&mut self, name: String, value: V) -> Option<V> {
        match self.find(&name) {
            Ok(i) => self.entries.get_mut(i).map(|(_, v)| std::mem::replace(v, value)),
            Err(i) => {
                self.entries.insert(i, (name, value));
                None
            }
        }
    }

    /// Removes `name`; returns its value.
    pub fn remove(&mut self, name: &str) -> Option<V> {
        let i = self.find(name).ok()?;
        Some(self.entries.remove(i).1)
    }

    /// The value of `name`, inserted from `make` when there is none.
    pub fn get_or_insert_with(&mut self, name: &str, make: impl FnOnce() -> V) -> &mut V {
        let i = match self.find(name) {
            Ok(i) => i,
            Err(i) => {
                self.entries.insert(i, (name.to_owned(), make()));
                i
            }
        };
        &mut self.entries[i].1
    }

    /// How many names have a value.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `(name, value)` in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &V)> {
        self.into_iter()
    }

    /// The names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.entries.iter().map(|(n, _)| n)
    }

    /// The values, in name order.
    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.entries.iter().map(|(_, v)| v)
    }
}

impl<V> FromIterator<(String, V)> for Names<V> {
    /// Later values of a repeated name replace earlier ones, as in a `BTreeMap`.
    fn from_iter<I: IntoIterator<Item = (String, V)>>(iter: I) -> Self {
        let mut names = Names::new();
        for (name, value) in iter {
            names.insert(name, value);
        }
        names
    }
}

impl<'a, V> IntoIterator for &'a Names<V> {
    type Item = (&'a String, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (String, V)>, fn(&'a (String, V)) -> (&'a String, &'a V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(n, v)| (n, v))
    }
}

impl<V: fmt::Debug> fmt::Debug for Names<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<V: Serialize> Serialize for Names<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (name, value) in self.iter() {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Names<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NamesVisitor<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for NamesVisitor<V> {
            type Value = Names<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of names")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Names<V>, A::Error> {
                let mut names = Names::new();
                while let Some((name, value)) = access.next_entry::<String, V>()? {
                    names.insert(name, value);
                }
                Ok(names)
            }
        }
        deserializer.deserialize_map(NamesVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::Names;

    /// A small deterministic sequence of (name, value) writes, names from a few letters.
    fn writes(seed: u64, n: usize) -> Vec<(String, i64)> {
        let mut rng = fastrand::Rng::with_seed(seed);
        (0..n)
            .map(|_| {
                let len = rng.usize(0..4);
                let name: String =
                    (0..len).map(|_| rng.choice(['a', 'b', 'c', 'Z', '_', '9']).unwrap_or('a')).collect();
                (name, rng.i64(-5..5))
            })
            .collect()
    }

    #[test]
    fn it_behaves_and_serializes_like_a_btreemap() {
        for seed in 0..512 {
            let mut names = Names::new();
            let mut map = BTreeMap::new();
            for (name, value) in writes(seed, (seed % 40) as usize) {
                assert_eq!(names.insert(name.clone(), value), map.insert(name.clone(), value));
                *names.get_or_insert_with("bb", || 7) += 1;
                *map.entry("bb".to_owned()).or_insert(7) += 1;
                assert_eq!(names.get(&name), map.get(&name));
                assert_eq!(names.contains_key("zz"), map.contains_key("zz"));
                if value == 0 {
                    assert_eq!(names.remove(&name), map.remove(&name));
                }
            }
            let pairs: Vec<(&String, &i64)> = names.iter().collect();
            assert_eq!(pairs, map.iter().collect::<Vec<_>>(), "seed {seed}");
            assert_eq!(names.len(), map.len());
            let json = serde_json::to_string(&names).unwrap_or_default();
            assert_eq!(json, serde_json::to_string(&map).unwrap_or_default());
            let back: Result<Names<i64>, _> = serde_json::from_str(&json);
            assert_eq!(back.ok().as_ref(), Some(&names));
            assert_eq!(format!("{names:?}"), format!("{map:?}"));
        }
        // A repeated key keeps the last value, as a BTreeMap does.
        let read: Result<Names<i64>, _> = serde_json::from_str(r#"{"b": 1, "a": 2, "b": 3}"#);
        assert_eq!(
            read.ok().map(|n| n.iter().map(|(k, v)| (k.clone(), *v)).collect::<Vec<_>>()),
            Some(vec![("a".to_owned(), 2), ("b".to_owned(), 3)])
        );
        assert!(serde_json::from_str::<Names<i64>>("[1]").is_err());
    }
}
