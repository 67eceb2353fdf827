//! Embed view: a page's widget alone, for an `<iframe>` on a course page or a blog.
//!
//! `?embed=1` on a page that `pages.toml` marks `embed = true` shows that page's widget —
//! the playground's board, the offsets bars, the planner, a timeline scenario — with the
//! controls it needs, and no site header, footer, navigation or page intro;
//! `?embed=compare` on the playground shows its strategy comparison alone. Everything else
//! stays as the page has it: the state is in the query (`…/?embed=1&lang=en&pg_q=8#/`), and
//! the page keeps writing it there, so the iframe's own URL always reproduces what it shows.
//!
//! [`EmbedBar`] sits next to each widget, on the full page as in the embed: "Copy embed code"
//! puts an `<iframe>` snippet for the current state and language on the clipboard (the
//! snippet's URL is the page's own, so it works from any sub-path and host), and in an embed
//! "Open in Rebalance Lab" opens the same state as a full page in a new tab.
//!
//! A wasm holds this module only when one of its pages has an embed view (the `embeds` cfg
//! that `build.rs` sets); the exercises page's wasm does not, and ignores `embed`.

use web_sys::{Element, HtmlTextAreaElement};
use yew::prelude::*;

use crate::clipboard::write_clipboard;
use crate::components::UrlNotices;
use crate::hooks::{use_i18n, I18n};
use crate::i18n::Lang;
use crate::router::{current_hash, Route};
use crate::url_state::{self, UrlNotice, UrlReader};

/// The query key that asks for the embed view.
pub const KEY: &str = "embed";

/// A widget that has an embed view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Widget {
    /// The page's own widget (`embed=1`): the playground's board, the offsets bars, the
    /// planner, the timeline with its scenario.
    Page,
    /// The playground's strategy comparison (`embed=compare`).
    Compare,
}

impl Widget {
    /// Its value of `embed`.
    pub fn value(self) -> &'static str {
        match self {
            Widget::Page => "1",
            Widget::Compare => "compare",
        }
    }

    /// The snippet's `width` and `height` for this widget on `route`: the widget's usual
    /// height at a column's width; the host page may change both (the embed fits any width
    /// from 320 px).
    pub fn frame_size(self, route: Route) -> (u32, u32) {
        let height = match (self, route) {
            (Widget::Compare, _) => 720,
            (Widget::Page, Route::Timeline) => 900,
            (Widget::Page, Route::Planner) => 820,
            _ => 760,
        };
        (800, height)
    }
}

/// The embed view asked for by the query (`get` returns a key's raw value), and a notice
/// when `embed` holds a value the page does not know: that value shows the page's widget
/// (`embed=1`), since asking for an embed at all is what the link meant. `embed=0` and a
/// missing key are the full page; a page without an embed view ignores the key.
pub fn read(route: Route, get: &dyn Fn(&str) -> Option<String>) -> (Option<Widget>, Vec<UrlNotice>) {
    if !route.embeddable() || get(KEY).is_none() {
        return (None, Vec::new());
    }
    let mut reader = UrlReader::new(get);
    let page: &[(&str, Option<Widget>)] = &[("0", None), ("1", Some(Widget::Page))];
    let playground: &[(&str, Option<Widget>)] =
        &[("0", None), ("1", Some(Widget::Page)), ("compare", Some(Widget::Compare))];
    let choices = if route == Route::Playground { playground } else { page };
    let widget = reader.choice(KEY, choices, Some(Widget::Page));
    (widget, reader.into_notices())
}

/// `text` escaped for an HTML attribute value in double quotes.
fn attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

/// The `<iframe>` element that embeds `src`. `allow="clipboard-write"` lets the embed's own
/// Copy buttons work inside a page of another origin (browsers refuse the clipboard to a
/// cross-origin frame without it).
pub fn snippet(src: &str, title: &str, (width, height): (u32, u32)) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"{width}\" height=\"{height}\" loading=\"lazy\" \
         allow=\"clipboard-write\"></iframe>",
        attribute(src),
        attribute(title)
    )
}

/// The iframe's title: the site's and the widget's names.
pub fn frame_title(i18n: &I18n, route: Route, widget: Widget) -> String {
    let name = match widget {
        Widget::Compare => i18n.t("embed.compare"),
        Widget::Page => i18n.t(route.nav_key()),
    };
    format!("{} · {}", i18n.t("site.name"), name)
}

/// The page's current URL with `widget`'s embed view in `lang`: the state as it is now.
pub fn embed_url(widget: Widget, lang: Lang) -> Option<String> {
    url_state::href_with(&[(KEY, Some(widget.value())), ("lang", Some(lang.code()))])
}

/// The page's current URL as a full page in `lang`, with the compare section open when the
/// widget is the comparison.
pub fn full_url(widget: Widget, lang: Lang) -> Option<String> {
    let compare = (widget == Widget::Compare).then_some("1");
    url_state::href_with(&[(KEY, None), ("lang", Some(lang.code())), ("pg_cmp", compare)])
}

/// The widget the current address embeds, or `None` for the full page: what [`read`] makes
/// of the query for the page in the hash, as `App` read it.
#[hook]
pub fn use_embed() -> Option<Widget> {
    *use_memo((), |_| {
        let route = Route::from_hash(&current_hash()).unwrap_or(Route::LANDING);
        read(route, &url_state::get).0
    })
}

/// The whole document in embed mode: the page alone in `<main>` (no header, footer or
/// navigation) after the notices about `embed`; the page, through [`use_embed`], shows only
/// its widget.
pub fn embed_view(route: Route, notices: Vec<UrlNotice>) -> Html {
    html! {
        <main id={crate::app::MAIN_ID} class="site-main is-embed" tabindex="-1">
            <UrlNotices {notices} class="embed-notices" />
            { crate::pages::view(route) }
        </main>
    }
}

/// Props of [`EmbedBar`].
#[derive(Properties, PartialEq)]
pub struct EmbedBarProps {
    /// The page the widget is on.
    pub route: Route,
    /// The widget.
    pub widget: Widget,
}

/// What the last Copy did.
#[derive(Clone, PartialEq)]
enum Copied {
    /// On the clipboard.
    Done,
    /// Refused: the code is shown, selected, to copy by hand.
    Refused(String),
}

/// "Copy embed code" for `widget`, and in an embed "Open in Rebalance Lab".
#[component]
pub fn EmbedBar(props: &EmbedBarProps) -> Html {
    let i18n = use_i18n();
    let embedded = use_embed().is_some();
    let copied = use_state_eq(|| None::<Copied>);
    let code_box = use_node_ref();
    {
        // A refused copy shows the code selected, ready for Ctrl+C.
        let code_box = code_box.clone();
        use_effect_with((*copied).clone(), move |copied| {
            if let (Some(Copied::Refused(_)), Some(code_box)) = (copied, code_box.cast::<HtmlTextAreaElement>()) {
                let _ = code_box.focus();
                code_box.select();
            }
        });
    }
    let (route, widget, lang) = (props.route, props.widget, i18n.lang());
    let on_copy = {
        let (i18n, copied) = (i18n.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(src) = embed_url(widget, lang) else {
                return;
            };
            let code = snippet(&src, &frame_title(&i18n, route, widget), widget.frame_size(route));
            let (text, copied) = (code.clone(), copied.clone());
            write_clipboard(
                &text,
                Callback::from(move |ok: bool| {
                    copied.set(Some(if ok { Copied::Done } else { Copied::Refused(code.clone()) }))
                }),
            );
        })
    };
    // The link follows the state, which the page writes into the URL after its last change:
    // its address is taken when it is about to be used (pointer down, focus, click; a click's
    // navigation reads the address after its listeners ran).
    let link = use_node_ref();
    let refresh = {
        let link = link.clone();
        Callback::from(move |()| {
            if let (Some(link), Some(url)) = (link.cast::<Element>(), full_url(widget, lang)) {
                let _ = link.set_attribute("href", &url);
            }
        })
    };
    let message = match &*copied {
        Some(Copied::Done) => i18n.t("embed.copied"),
        Some(Copied::Refused(_)) => i18n.t("embed.refused"),
        None => "",
    };
    html! {
        <div class="embed-bar">
            <button type="button" class="button" onclick={on_copy}>{ i18n.t("embed.copy") }</button>
            if embedded {
                <a class="embed-open" href={full_url(widget, lang).unwrap_or_default()} target="_blank" rel="noopener"
                   ref={link} onpointerdown={refresh.reform(|_: PointerEvent| ())}
                   onfocus={refresh.reform(|_: FocusEvent| ())} onclick={refresh.reform(|_: MouseEvent| ())}>
                    { i18n.t("embed.open") }
                </a>
            }
            <p class="embed-status" role="status">{ message }</p>
            if let Some(Copied::Refused(code)) = &*copied {
                <textarea class="embed-code" readonly=true rows="3" aria-label={i18n.t("embed.code")}
                          value={code.clone()} ref={code_box} />
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_pairs(route: Route, pairs: &[(&str, &str)]) -> (Option<Widget>, Vec<UrlNotice>) {
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_owned());
        read(route, &get)
    }

    #[test]
    fn embed_values_pick_the_widget_and_a_bad_value_still_embeds_with_a_notice() {
        assert_eq!(read_pairs(Route::Playground, &[]), (None, vec![]));
        assert_eq!(read_pairs(Route::Playground, &[("embed", "1")]), (Some(Widget::Page), vec![]));
        assert_eq!(read_pairs(Route::Playground, &[("embed", "compare")]), (Some(Widget::Compare), vec![]));
        assert_eq!(read_pairs(Route::Offsets, &[("embed", "0")]), (None, vec![]));
        for route in [Route::Offsets, Route::Planner, Route::Timeline] {
            assert_eq!(read_pairs(route, &[("embed", " 1 ")]), (Some(Widget::Page), vec![]), "{route:?}");
            // The comparison is the playground's: elsewhere it is an unknown value.
            let (widget, notices) = read_pairs(route, &[("embed", "compare")]);
            assert_eq!(widget, Some(Widget::Page), "{route:?}");
            let problem = crate::url_state::Problem::UnknownChoice { choices: "0, 1".into() };
            assert_eq!(notices, vec![UrlNotice::new("embed", "compare", problem, "1")], "{route:?}");
        }
        for raw in ["yes", "", "\0", "2", &"x".repeat(5_000)] {
            let (widget, notices) = read_pairs(Route::Playground, &[("embed", raw)]);
            assert_eq!(widget, Some(Widget::Page), "{raw:?}");
            let problem = crate::url_state::Problem::UnknownChoice { choices: "0, 1, compare".into() };
            assert_eq!(notices, vec![UrlNotice::new("embed", raw, problem, "1")], "{raw:?}");
        }
    }

    #[test]
    fn pages_without_an_embed_view_ignore_the_key() {
        for route in Route::NAV.into_iter().chain([Route::NotFound]).filter(|route| !route.embeddable()) {
            assert_eq!(read_pairs(route, &[("embed", "1")]), (None, vec![]), "{route:?}");
            assert_eq!(read_pairs(route, &[("embed", "nonsense")]), (None, vec![]), "{route:?}");
        }
        assert!(Route::NAV.into_iter().any(|route| !route.embeddable()), "the exercises page has none");
    }

    #[test]
    fn the_snippet_escapes_its_attributes() {
        let code = snippet("https://h.example/sub/?embed=1&lang=en&n=\"x\"#/", "A <b> & \"c\"", (800, 760));
        assert_eq!(
            code,
            "<iframe src=\"https://h.example/sub/?embed=1&amp;lang=en&amp;n=&quot;x&quot;#/\" \
             title=\"A &lt;b&gt; &amp; &quot;c&quot;\" width=\"800\" height=\"760\" loading=\"lazy\" \
             allow=\"clipboard-write\"></iframe>"
        );
    }

    #[test]
    fn every_embeddable_page_has_a_titled_frame_in_both_languages() {
        for lang in [Lang::En, Lang::Zh] {
            let i18n = I18n::new(lang, Callback::noop());
            for route in Route::NAV.into_iter().filter(|route| route.embeddable()) {
                let title = frame_title(&i18n, route, Widget::Page);
                assert!(title.ends_with(crate::i18n::t(lang, route.nav_key())), "{title}");
            }
            let compare = frame_title(&i18n, Route::Playground, Widget::Compare);
            assert!(compare.ends_with(crate::i18n::t(lang, "embed.compare")), "{compare}");
            assert!(!compare.contains("embed."), "{compare}");
        }
    }
}
