//! Reusable function components, one per file.

mod lang_switch;
mod nav_link;
mod number_field;
mod site_footer;
mod site_header;
mod url_notices;

pub use lang_switch::LangSwitch;
pub use nav_link::{NavLink, NavLinkProps};
pub use number_field::{
    format_value, log_position, log_value, log_value_from, parse_in_range, parse_with, NumberField, NumberFieldProps,
    SliderScale, TextReader, LOG_SCALE, LOG_STEPS,
};
pub use site_footer::SiteFooter;
pub use site_header::{SiteHeader, SiteHeaderProps};
pub use url_notices::{notice_text, split_notices, UrlNotices, UrlNoticesProps};
