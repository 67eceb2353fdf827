//! Reusable function components, one per file (the header's links and the footer are plain
//! functions that return `Html`).

mod lang_switch;
mod nav_link;
mod number_field;
mod site_footer;
mod site_header;
mod url_notices;

pub use lang_switch::LangSwitch;
pub use nav_link::nav_link;
pub use number_field::{
    format_value, log_position, log_value, log_value_from, parse_in_range, parse_with, NumberField, NumberFieldProps,
    SliderScale, TextReader, LOG_SCALE, LOG_STEPS,
};
pub use site_footer::site_footer;
pub use site_header::{SiteHeader, SiteHeaderProps};
pub use url_notices::{notice_text, split_notices, UrlNotices, UrlNoticesProps};
