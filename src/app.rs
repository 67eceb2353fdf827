//! The root component: language context, current page, header, page and footer.

use yew::prelude::*;

use crate::components::{site_footer, SiteHeader};
use crate::hooks::{use_route, I18n};
use crate::i18n::{self, Lang};
use crate::{pages, url_state};

/// The `id` of the `<main>` element that holds the current page.
pub const MAIN_ID: &str = "main";

/// The whole site.
#[component]
pub fn App() -> Html {
    let lang = use_state_eq(crate::hooks::initial_lang);
    let route = use_route();
    // One callback for the app's lifetime, so the context only changes with the language.
    let set_lang = {
        let setter = lang.setter();
        use_callback((), move |next: Lang, _| {
            url_state::set("lang", Some(next.code()));
            setter.set(next);
        })
    };
    let i18n = I18n::new(*lang, set_lang);

    use_effect_with((*lang, route), |&(lang, route)| {
        let document = gloo::utils::document();
        if let Some(html) = document.document_element() {
            let _ = html.set_attribute("lang", lang.code());
        }
        document.set_title(&format!("{} · {}", i18n::t(lang, route.nav_key()), i18n::t(lang, "site.name")));
    });

    // After a page change (not on first load) move focus to the new page, as a full page
    // load would, so keyboard and screen-reader users start reading at its heading.
    let first_route = use_mut_ref(|| true);
    use_effect_with(route, move |_| {
        if std::mem::replace(&mut *first_route.borrow_mut(), false) {
            return;
        }
        focus_main();
        if let Some(window) = web_sys::window() {
            window.scroll_to_with_x_and_y(0.0, 0.0);
        }
    });

    // `?embed=…`: the page's widget alone, for an iframe (`crate::embed`).
    #[cfg(embeds)]
    let embed = use_memo(route, |&route| crate::embed::read(route, &url_state::get));
    #[cfg(embeds)]
    if let (Some(_), notices) = &*embed {
        return html! {
            <ContextProvider<I18n> context={i18n}>
                { crate::embed::embed_view(route, notices.clone()) }
            </ContextProvider<I18n>>
        };
    }

    let footer = site_footer(&i18n);
    html! {
        <ContextProvider<I18n> context={i18n}>
            <SiteHeader {route} />
            <main id={MAIN_ID} class="site-main" tabindex="-1">
                { pages::view(route) }
            </main>
            { footer }
        </ContextProvider<I18n>>
    }
}

/// Moves keyboard focus to the page's `<main>`.
pub fn focus_main() {
    use wasm_bindgen::JsCast;
    let main = gloo::utils::document()
        .get_element_by_id(MAIN_ID)
        .and_then(|element| element.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(main) = main {
        let _ = main.focus();
    }
}
