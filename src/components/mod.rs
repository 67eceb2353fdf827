//! Reusable function components, one per file.

mod lang_switch;
mod nav_link;
mod number_field;
mod site_footer;
mod site_header;

pub use lang_switch::LangSwitch;
pub use nav_link::{NavLink, NavLinkProps};
pub use number_field::{format_value, parse_in_range, NumberField, NumberFieldProps};
pub use site_footer::SiteFooter;
pub use site_header::{SiteHeader, SiteHeaderProps};
