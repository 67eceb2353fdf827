//! Controls docked at the bottom of a narrow screen (the playground's and the timeline's).
//!
//! The docking is the page's CSS: under its narrow-screen media query the controls' element
//! is `position: sticky` at the bottom of the viewport and shows a compact bar of the most
//! used controls, and everything else when its "More settings" sheet is open (`is-open`).
//! This hook holds that open state and keeps the picture in view when a docked control is
//! used. It reads the computed `position` rather than repeating the breakpoint, so on a wide
//! screen, where the controls are not sticky, it changes nothing.

use web_sys::Element;
use yew::prelude::*;

/// What [`use_dock`] gives the page: the state and the handlers of its controls' element.
pub struct Dock {
    /// The sheet with every control is open.
    pub open: bool,
    /// The controls' element (the one that is sticky on a narrow screen).
    pub node: NodeRef,
    /// For the "More settings" button, which carries `aria-expanded`.
    pub on_toggle: Callback<MouseEvent>,
    /// For the controls' element: a click on a button inside it (the toggle aside).
    pub on_click: Callback<MouseEvent>,
    /// For the controls' element: a change of a select, box or field inside it.
    pub on_change: Callback<Event>,
}

/// The dock of a page whose picture starts at the element `anchor` (a selector) and whose
/// first drawn item, e.g. a lane, is `item` (a selector).
#[hook]
pub fn use_dock(anchor: &'static str, item: &'static str) -> Dock {
    let open = use_state(|| false);
    let node = use_node_ref();
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let on_click = {
        let node = node.clone();
        Callback::from(move |e: MouseEvent| {
            let button = e.target_dyn_into::<Element>().and_then(|t| t.closest("button").ok().flatten());
            if button.is_some_and(|b| !b.has_attribute("aria-expanded")) {
                bring_into_view(&node, anchor, item);
            }
        })
    };
    let on_change = {
        let node = node.clone();
        Callback::from(move |_: Event| bring_into_view(&node, anchor, item))
    };
    Dock { open: *open, node, on_toggle, on_click, on_change }
}

/// Space kept above the picture when it is scrolled up, in CSS pixels.
const MARGIN: f64 = 8.0;

/// Scrolls the picture up to the top of the viewport when the controls are docked and the
/// first item does not show entirely above them, so a change made from the bar is seen.
fn bring_into_view(node: &NodeRef, anchor: &str, item: &str) {
    let Some(dock) = node.cast::<Element>() else { return };
    let window = gloo::utils::window();
    let position = window.get_computed_style(&dock).ok().flatten().and_then(|s| s.get_property_value("position").ok());
    if position.as_deref() != Some("sticky") {
        return;
    }
    let document = gloo::utils::document();
    let find = |selector: &str| document.query_selector(selector).ok().flatten();
    let Some(anchor) = find(anchor) else { return };
    let top = anchor.get_bounding_client_rect().top();
    let bottom = find(item).map_or(top, |e| e.get_bounding_client_rect().bottom());
    if let Some(by) = scroll_needed(top, bottom, dock.get_bounding_client_rect().top()) {
        window.scroll_by_with_x_and_y(0.0, by);
    }
}

/// How far to scroll down (CSS pixels) so the picture, whose top is at `anchor_top` and whose
/// first item ends at `item_bottom`, starts [`MARGIN`] below the top of the viewport; `None`
/// when that item already ends above the docked controls (`dock_top`), or when the reader has
/// scrolled into the picture (its top at or above the margin): never up, so a reader looking
/// further down the picture keeps their place.
pub fn scroll_needed(anchor_top: f64, item_bottom: f64, dock_top: f64) -> Option<f64> {
    (anchor_top > MARGIN && item_bottom > dock_top).then_some(anchor_top - MARGIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_comes_up_only_when_its_first_item_is_under_the_dock() {
        // The lanes' first lane ends at 734 px and the dock starts at 630 px: the picture's
        // top (385 px) goes to the margin.
        assert_eq!(scroll_needed(385.0, 734.0, 630.0), Some(385.0 - MARGIN));
        // Already above the dock: nothing moves.
        assert_eq!(scroll_needed(385.0, 600.0, 630.0), None);
        assert_eq!(scroll_needed(385.0, 630.0, 630.0), None);
        // Scrolled into the picture (its top above the viewport): the reader keeps their place.
        assert_eq!(scroll_needed(-200.0, 900.0, 630.0), None);
        assert_eq!(scroll_needed(MARGIN, 900.0, 630.0), None);
    }
}
