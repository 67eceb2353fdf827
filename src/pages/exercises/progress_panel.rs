//! The reader's progress as a file and as a code: the completion code (the core's), export
//! to a `.json` file (Blob + object URL + `<a download>`), import from a file (read with a
//! FileReader, validated by the core's `load_progress`), and a box where a teacher pastes a
//! learner's progress and code to verify it offline (the core re-grades every stored answer).

use std::cell::RefCell;

use gloo::file::callbacks::{read_as_text, FileReader};
use rebalance_core::exercise::progress::Verification;
use rebalance_core::exercise::{verify_completion_code, Progress};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::state::Action;
use super::storage::{read_progress, write_progress};
use crate::hooks::use_i18n;

/// Props of [`ProgressPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ProgressPanelProps {
    /// The active progress.
    pub progress: Progress,
    /// Page changes.
    pub dispatch: Callback<Action>,
}

/// What the last export or import did.
#[derive(Clone, Debug, PartialEq)]
enum Status {
    Exported,
    ExportFailed,
    Imported { exercises: usize, seed: u64 },
    ImportFailed(String),
}

/// Offers `json` as a download named `name`; returns the object URL to revoke later.
fn download(json: &str, name: &str) -> Option<String> {
    let document = gloo::utils::document();
    let parts = js_sys::Array::of1(&json.into());
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let anchor = document.create_element("a").ok()?.dyn_into::<web_sys::HtmlAnchorElement>().ok()?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.set_class_name("ex-hidden");
    let body = document.body()?;
    let _ = body.append_child(&anchor);
    anchor.click();
    let _ = body.remove_child(&anchor);
    Some(url)
}

fn revoke(url: &RefCell<Option<String>>) {
    if let Some(old) = url.borrow_mut().take() {
        let _ = web_sys::Url::revoke_object_url(&old);
    }
}

/// Completion code, export, import and the teacher's check.
#[component]
pub fn ProgressPanel(props: &ProgressPanelProps) -> Html {
    let i18n = use_i18n();
    let status = use_state_eq(|| None::<Status>);
    let object_url = use_mut_ref(|| None::<String>);
    let reader = use_mut_ref(|| None::<FileReader>);
    let verify_json = use_node_ref();
    let verify_code = use_node_ref();
    let verified = use_state_eq(|| None::<Result<Verification, String>>);
    {
        let object_url = object_url.clone();
        use_effect_with((), move |_| move || revoke(&object_url));
    }
    let code = props.progress.completion_code();

    let on_export = {
        let (progress, status, object_url) = (props.progress.clone(), status.clone(), object_url.clone());
        Callback::from(move |_: MouseEvent| {
            revoke(&object_url);
            let name = format!("rebalance-lab-progress-class-{}.json", progress.set_seed);
            let url = write_progress(&progress).and_then(|text| download(&text, &name));
            status.set(Some(if url.is_some() { Status::Exported } else { Status::ExportFailed }));
            *object_url.borrow_mut() = url;
        })
    };
    let on_import = {
        let (status, reader, dispatch) = (status.clone(), reader.clone(), props.dispatch.clone());
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
            input.set_value("");
            let (status, dispatch) = (status.clone(), dispatch.clone());
            let handle = read_as_text(&gloo::file::File::from(file), move |result| {
                let outcome = match result {
                    Err(e) => Status::ImportFailed(e.to_string()),
                    Ok(text) => match read_progress(&text) {
                        Ok(progress) => {
                            let done =
                                Status::Imported { exercises: progress.exercises.len(), seed: progress.set_seed };
                            dispatch.emit(Action::Import(progress));
                            done
                        }
                        Err(e) => Status::ImportFailed(e.to_string()),
                    },
                };
                status.set(Some(outcome));
            });
            // Kept until the next import: dropping it would cancel the read.
            *reader.borrow_mut() = Some(handle);
        })
    };
    let on_verify = {
        let (json, code, verified) = (verify_json.clone(), verify_code.clone(), verified.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let text = json.cast::<HtmlTextAreaElement>().map(|t| t.value()).unwrap_or_default();
            let given = code.cast::<HtmlInputElement>().map(|t| t.value()).unwrap_or_default();
            verified.set(Some(
                read_progress(&text)
                    .map(|p| verify_completion_code(super::catalog(), &p, &given))
                    .map_err(|e| e.to_string()),
            ));
        })
    };

    let message = status.as_ref().map(|s| match s {
        Status::Exported => html! { <p class="ex-ok">{ i18n.t("page.exercises.progress.exported") }</p> },
        Status::ExportFailed => html! { <p class="ex-error">{ i18n.t("page.exercises.progress.export_failed") }</p> },
        Status::Imported { exercises, seed } => html! {
            <p class="ex-ok">{ i18n.t_args("page.exercises.progress.imported", &[("n", &exercises.to_string()), ("seed", &seed.to_string())]) }</p>
        },
        Status::ImportFailed(why) => html! {
            <p class="ex-error">{ i18n.t_args("page.exercises.progress.import_failed", &[("error", why)]) }</p>
        },
    });
    let verdict = verified.as_ref().map(|v| match v {
        Err(why) => html! { <p class="ex-error">{ i18n.t_args("page.exercises.verify.unreadable", &[("error", why)]) }</p> },
        Ok(v) => {
            let rows = v.exercises.iter().map(|e| {
                let regraded = e.regraded.map_or_else(|| "—".to_owned(), |s| s.to_string());
                html! { <tr><th scope="row"><code>{ e.id.clone() }</code></th><td>{ e.claimed }</td><td>{ regraded }</td></tr> }
            });
            html! {
                <div data-valid={v.valid.to_string()}>
                    if v.valid {
                        <p class="ex-ok">{ i18n.t_args("page.exercises.verify.valid", &[("code", &v.code)]) }</p>
                    } else {
                        <p class="ex-error">{ i18n.t_args("page.exercises.verify.invalid", &[("code", &v.code)]) }</p>
                    }
                    if !v.exercises.is_empty() {
                        <div class="table-wrap">
                            <table class="table">
                                <thead><tr>
                                    <th scope="col">{ i18n.t("page.exercises.verify.exercise") }</th>
                                    <th scope="col">{ i18n.t("page.exercises.verify.claimed") }</th>
                                    <th scope="col">{ i18n.t("page.exercises.verify.regraded") }</th>
                                </tr></thead>
                                <tbody>{ for rows }</tbody>
                            </table>
                        </div>
                    }
                </div>
            }
        }
    });

    html! {
        <section class="ex-panel ex-progress-panel" aria-labelledby="ex-progress-title">
            <h2 id="ex-progress-title">{ i18n.t("page.exercises.progress.title") }</h2>
            <p>{ i18n.t("page.exercises.progress.code_label") }{ " " }<output class="ex-code" id="ex-code">{ code }</output></p>
            <p class="ex-help">{ i18n.t("page.exercises.progress.code_help") }</p>
            <div class="ex-actions">
                <button type="button" class="button" id="ex-export" onclick={on_export}>{ i18n.t("page.exercises.progress.export") }</button>
            </div>
            <div class="ex-file">
                <label for="ex-import">{ i18n.t("page.exercises.progress.import") }</label>
                <input type="file" id="ex-import" accept=".json,application/json" onchange={on_import} />
                <p class="ex-help">{ i18n.t("page.exercises.progress.import_help") }</p>
            </div>
            <div role="status" class="ex-status">{ for message }</div>
            <details class="ex-verify">
                <summary>{ i18n.t("page.exercises.verify.title") }</summary>
                <form onsubmit={on_verify}>
                    <label for="ex-verify-json">{ i18n.t("page.exercises.verify.json") }</label>
                    <textarea id="ex-verify-json" rows="5" spellcheck="false" ref={verify_json} />
                    <label for="ex-verify-code">{ i18n.t("page.exercises.verify.code") }</label>
                    <input type="text" id="ex-verify-code" autocomplete="off" placeholder="XXXX-XXXX" ref={verify_code} />
                    <button type="submit" class="button">{ i18n.t("page.exercises.verify.check") }</button>
                </form>
                <div role="status" class="ex-status">{ for verdict }</div>
            </details>
        </section>
    }
}
