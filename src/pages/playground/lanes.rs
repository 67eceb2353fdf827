//! The lanes view: one lane per member holding its queue tiles, the tray of unassigned
//! queues, and the late consumer's lane. Yew draws the frame (legend, headings, the late
//! consumer) and two empty lists; [`super::board`] fills them with the lanes and tiles and
//! keeps them current, and [`super::flip`] lets the tiles whose queues moved travel.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo::timers::callback::Timeout;
use web_sys::Element;
use yew::prelude::*;

use super::board::{action_of, guess_of, Board, Context};
use super::flip::Flip;
use super::lab::{LateView, View};
use super::parking::PAUSE_MS;
use super::settings::{room_name, Action, MAX_CONSUMERS};
use crate::hooks::{use_i18n, I18n};

/// The board's elements and what has been drawn into them; lives as long as the page.
#[derive(Default)]
pub struct Stage {
    /// The element holding every tile (lanes and tray): FLIP measures relative to it.
    container: NodeRef,
    lanes: NodeRef,
    tray: NodeRef,
    board: RefCell<Board>,
    flip: RefCell<Flip>,
    /// Renders the parked lanes again once the input pauses.
    pause: RefCell<Option<Timeout>>,
    /// What was drawn last, to draw the lanes that waited (see [`super::parking`]).
    last: RefCell<Option<(Rc<View>, Context, I18n)>>,
    /// The parking's wake hook is set (once, when the first change comes).
    wake_hooked: std::cell::Cell<bool>,
}

impl Stage {
    /// Before the reader's change is applied: records where every tile is
    /// ([`Flip::snapshot`]) and parks the lanes out of view until the input pauses (see
    /// [`super::parking`]).
    pub fn before_change(self: &Rc<Self>) {
        let (Some(container), Ok(board), Ok(mut flip)) =
            (self.container.cast::<Element>(), self.board.try_borrow(), self.flip.try_borrow_mut())
        else {
            return;
        };
        if !self.wake_hooked.replace(true) {
            let stage: Weak<Stage> = Rc::downgrade(self);
            board.on_wake(Rc::new(move || {
                if let Some(stage) = stage.upgrade() {
                    stage.settle();
                }
            }));
        }
        // Measure first, while the layout is the one on screen: parking changes it.
        flip.snapshot(&container, &board);
        board.set_busy(true);
        let stage: Weak<Stage> = Rc::downgrade(self);
        let timer = Timeout::new(PAUSE_MS, move || {
            if let Some(stage) = stage.upgrade() {
                stage.settle();
            }
        });
        if let Ok(mut pause) = self.pause.try_borrow_mut() {
            *pause = Some(timer);
        }
    }

    /// Draws `view`, then lets the tiles that moved travel (in a burst the parked lanes
    /// wait, see [`Board::render`]).
    fn draw(&self, view: &Rc<View>, ctx: Context, i18n: &I18n) {
        let (Some(container), Some(lanes), Some(tray)) =
            (self.container.cast::<Element>(), self.lanes.cast::<Element>(), self.tray.cast::<Element>())
        else {
            return;
        };
        let (Ok(mut board), Ok(mut flip)) = (self.board.try_borrow_mut(), self.flip.try_borrow_mut()) else {
            return;
        };
        board.render(&lanes, &tray, view, ctx, i18n, flip.in_burst());
        flip.play(&container, &board);
        if let Ok(mut last) = self.last.try_borrow_mut() {
            *last = Some((Rc::clone(view), ctx, i18n.clone()));
        }
    }

    /// The input paused (or a waiting lane came into view): every lane renders again, and
    /// the lanes that waited are drawn first, in the same task (no frame shows them stale).
    fn settle(&self) {
        let (Some(lanes), Some(tray), Ok(mut board)) =
            (self.lanes.cast::<Element>(), self.tray.cast::<Element>(), self.board.try_borrow_mut())
        else {
            return;
        };
        board.set_busy(false);
        if board.has_waiting() {
            if let Ok(last) = self.last.try_borrow() {
                if let Some((view, ctx, i18n)) = last.as_ref() {
                    // Not a burst: every lane is drawn.
                    board.render(&lanes, &tray, view, *ctx, i18n, false);
                }
            }
        }
    }

    /// Replay: draws `view` (the board before the last change) at once, stopping any travel,
    /// then records where its tiles are, as before a change ([`Stage::before_change`]), so
    /// the next draw travels from there. Nothing changes if the board was never drawn.
    pub fn rewind(self: &Rc<Self>, view: &Rc<View>) {
        let (Some(lanes), Some(tray)) = (self.lanes.cast::<Element>(), self.tray.cast::<Element>()) else {
            return;
        };
        let Some((_, ctx, i18n)) = self.last.try_borrow().ok().and_then(|last| last.clone()) else {
            return;
        };
        if let Ok(mut flip) = self.flip.try_borrow_mut() {
            flip.cancel();
        }
        if let Ok(mut board) = self.board.try_borrow_mut() {
            board.render(&lanes, &tray, view, ctx, &i18n, false);
        }
        if let Ok(mut last) = self.last.try_borrow_mut() {
            *last = Some((Rc::clone(view), ctx, i18n));
        }
        self.before_change();
    }

    fn cancel(&self) {
        if let Ok(mut flip) = self.flip.try_borrow_mut() {
            flip.cancel();
        }
        if let Ok(mut pause) = self.pause.try_borrow_mut() {
            pause.take();
        }
        if let Ok(board) = self.board.try_borrow() {
            board.set_busy(false);
        }
    }
}

/// A cheap handle for props: equal when it is the same [`Stage`].
#[derive(Clone, Default)]
pub struct StageHandle(pub Rc<Stage>);

impl PartialEq for StageHandle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Props of [`Lanes`].
#[derive(Properties, PartialEq)]
pub struct LanesProps {
    /// What to draw.
    pub view: Rc<View>,
    /// Changes on every rebalance.
    pub version: u64,
    /// The board's elements and state.
    pub stage: StageHandle,
    /// Show each consumer's machine room (MACHINE_ROOM_NEARBY).
    pub show_rooms: bool,
    /// Tiles are buttons that edit the CONFIG list.
    pub config_mode: bool,
    /// Whether another member may join (duplicate button).
    pub can_grow: bool,
    /// Where the lanes send the reader's actions.
    pub on_action: Callback<Action>,
    /// Where a tile pressed to answer "Which queues will move?" sends its queue key.
    pub on_guess: Callback<String>,
}

/// All lanes plus the tray.
#[component]
pub fn Lanes(props: &LanesProps) -> Html {
    let i18n = use_i18n();
    let ctx = Context { show_rooms: props.show_rooms, config_mode: props.config_mode, can_grow: props.can_grow };
    {
        let stage = props.stage.clone();
        let i18n = i18n.clone();
        use_effect_with((props.view.clone(), props.version, ctx, i18n.lang()), move |(view, _, ctx, _)| {
            stage.0.draw(view, *ctx, &i18n);
        });
    }
    {
        let stage = props.stage.clone();
        use_effect_with((), move |_| move || stage.0.cancel());
    }
    let onclick = {
        let (on_action, on_guess) = (props.on_action.clone(), props.on_guess.clone());
        Callback::from(move |event: MouseEvent| {
            if let Some(action) = action_of(&event) {
                on_action.emit(action);
            } else if let Some(queue) = guess_of(&event) {
                on_guess.emit(queue);
            }
        })
    };
    let view = &props.view;
    let stage = &props.stage.0;
    html! {
        <div class="pg-board" ref={stage.container.clone()} {onclick}>
            <ul class="pg-legend" aria-label={i18n.t("page.playground.lanes.legend")}>
                { for view.brokers.iter().map(|(b, name)| html! {
                    <li key={*b}><span class={classes!("pg-swatch", broker_class(*b))}></span>{ name.clone() }</li>
                }) }
            </ul>
            if view.lanes.is_empty() {
                <p class="pg-empty">{ i18n.t("page.playground.lanes.none") }</p>
            }
            // Filled by the board; hidden while the group has no member.
            <ul class="pg-lanes" ref={stage.lanes.clone()} hidden={view.lanes.is_empty()}
                aria-label={i18n.t("page.playground.lanes.label")}></ul>
            if let Some(late) = &view.late {
                { late_lane(&i18n, late) }
            }
            <section class="pg-tray" aria-labelledby="pg-tray-title" data-lane="tray">
                <h3 id="pg-tray-title">
                    { i18n.t_args("page.playground.tray.title", &[("count", &view.tray.len().to_string())]) }
                </h3>
                if view.tray.is_empty() {
                    <p class="pg-tray-empty">{ i18n.t("page.playground.tray.empty") }</p>
                }
                <ul class="pg-tiles" ref={stage.tray.clone()} hidden={view.tray.is_empty()}></ul>
            </section>
        </div>
    }
}

/// An `<option>` for machine room `room` (0 = none).
pub fn room_option(i18n: &I18n, room: u8, selected: u8) -> Html {
    let name = room_name(room).unwrap_or_else(|| i18n.t("page.playground.rooms.none").to_owned());
    html! { <option value={room.to_string()} selected={room == selected}>{ name }</option> }
}

/// The colour class of broker `b` (a static string: no allocation per tile).
pub fn broker_class(broker: u8) -> &'static str {
    const CLASSES: [&str; 8] = ["pg-b0", "pg-b1", "pg-b2", "pg-b3", "pg-b4", "pg-b5", "pg-b6", "pg-b7"];
    CLASSES[usize::from(broker % 8)]
}

fn late_lane(i18n: &I18n, late: &LateView) -> Html {
    html! {
        <section class="pg-late" aria-labelledby="pg-late-title">
            <h3 id="pg-late-title">{ i18n.t_args("page.playground.late.title", &[("cid", late.cid.as_str())]) }</h3>
            <p class="pg-late-result">
                if late.queues.is_empty() {
                    { i18n.t("page.playground.late.nothing") }
                } else {
                    { i18n.t_args("page.playground.late.got", &[("queues", &late.queues.iter().map(|q| q.as_str()).collect::<Vec<_>>().join(", "))]) }
                }
            </p>
            if let Some(log) = &late.log {
                <pre class="pg-log">{ log.clone() }</pre>
            }
            <p class="pg-note">{ i18n.t("page.playground.late.note") }</p>
        </section>
    }
}

/// "all N queues (Q0–Q{N-1})" for a collapsed BROADCASTING lane.
pub fn all_text(i18n: &I18n, count: usize) -> String {
    let last = count.saturating_sub(1).to_string();
    i18n.t_count("page.playground.lane.all", count, &[("count", &count.to_string()), ("last", &last)])
}

/// How many members the page allows (for the duplicate button).
pub fn can_grow(members: usize) -> bool {
    members < MAX_CONSUMERS
}
