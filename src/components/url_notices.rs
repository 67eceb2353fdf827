//! The box that tells the reader which values of the link were not used as given.

use yew::prelude::*;

use crate::hooks::{use_i18n, I18n};
use crate::url_state::{Problem, UrlNotice};

/// Props of [`UrlNotices`].
#[derive(Properties, PartialEq)]
pub struct UrlNoticesProps {
    /// The URL notices, in reading order.
    pub notices: Vec<UrlNotice>,
    /// The page's class for the box (where it sits, and a hook for tests), e.g. `pl-notices`;
    /// its look is style.css's `.url-notices`.
    pub class: &'static str,
    /// Called by the Dismiss button; no button without it.
    #[prop_or_default]
    pub on_dismiss: Option<Callback<()>>,
    /// Whether the box is a `role="status"` region; `false` when the page keeps a region of
    /// its own around it (present before any notice, so a later notice is announced).
    #[prop_or(true)]
    pub status: bool,
    /// The page's own notices (not about a URL value), as sentences after the URL notices.
    #[prop_or_default]
    pub page_notices: Vec<String>,
}

/// A box listing each URL notice as a sentence, then the page's own notices; nothing when
/// there are none.
#[component]
pub fn UrlNotices(props: &UrlNoticesProps) -> Html {
    let i18n = use_i18n();
    if props.notices.is_empty() && props.page_notices.is_empty() {
        return Html::default();
    }
    html! {
        <div class={classes!("url-notices", props.class)} role={props.status.then_some("status")}>
            if !props.notices.is_empty() {
                <p class="url-notices-title">{ i18n.t("url_notice.title") }</p>
            }
            <ul>
                { for props.notices.iter().map(|n| html! { <li>{ notice_text(&i18n, n) }</li> }) }
                { for props.page_notices.iter().map(|text| html! { <li>{ text }</li> }) }
            </ul>
            if let Some(on_dismiss) = &props.on_dismiss {
                <button type="button" class="button button-small" onclick={on_dismiss.reform(|_: MouseEvent| ())}>
                    { i18n.t("url_notice.dismiss") }
                </button>
            }
        </div>
    }
}

/// A page's notices as [`UrlNotices`] takes them: `sort` gives a URL notice as `Ok`, or the
/// sentence of one of the page's own as `Err`.
pub fn split_notices<'a, N>(
    notices: &'a [N],
    sort: impl Fn(&'a N) -> Result<&'a UrlNotice, String>,
) -> (Vec<UrlNotice>, Vec<String>) {
    let (mut url, mut own) = (Vec::new(), Vec::new());
    for notice in notices {
        match sort(notice) {
            Ok(notice) => url.push(notice.clone()),
            Err(text) => own.push(text),
        }
    }
    (url, own)
}

/// One URL notice as a sentence.
pub fn notice_text(i18n: &I18n, notice: &UrlNotice) -> String {
    let base = [("key", notice.key.as_str()), ("given", notice.given.as_str()), ("used", notice.used.as_str())];
    match &notice.problem {
        _ if notice.used.is_empty() => i18n.t_args("url_notice.left_out", &base[..2]),
        Problem::NotANumber => i18n.t_args("url_notice.not_a_number", &base),
        Problem::NotWhole => i18n.t_args("url_notice.not_whole", &base),
        Problem::Invalid => i18n.t_args("url_notice.invalid", &base),
        Problem::OutOfRange { min, max } => {
            let args = [base[0], base[1], base[2], ("min", min.as_str()), ("max", max.as_str())];
            i18n.t_args("url_notice.out_of_range", &args)
        }
        Problem::UnknownChoice { choices } => {
            let args = [base[0], base[1], base[2], ("choices", choices.as_str())];
            i18n.t_args("url_notice.unknown_choice", &args)
        }
    }
}
