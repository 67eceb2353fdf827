//! Hooks shared by the pages and components.

mod use_dock;
mod use_i18n;

pub use crate::router::use_route;
pub use use_dock::{use_dock, Dock};
pub use use_i18n::{initial_lang, use_i18n, I18n};
