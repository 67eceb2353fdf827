//! A labelled number: a slider and a number box that stay in step, with range checking.
//!
//! Typing is free; a value that is not a number, or outside `min..=max`, is not applied: the
//! box says why (`role="alert"`) and the last good value stays in force.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::use_i18n;

/// Props of [`NumberField`].
#[derive(Properties, PartialEq, Clone)]
pub struct NumberFieldProps {
    /// The `id` of the number box (the slider gets `{id}-range`); also the label's target.
    pub id: AttrValue,
    /// The visible label, e.g. "Queues".
    pub label: AttrValue,
    /// The current value.
    pub value: f64,
    /// Smallest allowed value.
    pub min: f64,
    /// Largest allowed value.
    pub max: f64,
    /// Slider and spinner step (1 for counts).
    #[prop_or(1.0)]
    pub step: f64,
    /// A unit shown after the box, e.g. "msg/s".
    #[prop_or_default]
    pub unit: Option<AttrValue>,
    /// Show the slider (off for values without a useful range, e.g. timestamps).
    #[prop_or(true)]
    pub slider: bool,
    /// The slider's scale when it is not the value itself, e.g. [`LOG_SCALE`] for ranges over
    /// several decades. The slider then announces the value (`aria-valuetext`), not its
    /// position; the number box takes any value in range either way.
    #[prop_or_default]
    pub scale: Option<SliderScale>,
    /// A short help text under the field.
    #[prop_or_default]
    pub help: Option<AttrValue>,
    /// Reads the typed text instead of [`read_number`], e.g. durations (the box then offers a
    /// text keyboard, not a decimal pad); the range is checked after it either way.
    #[prop_or_default]
    pub reader: Option<TextReader>,
    /// Called with a valid value (already within range and on the step grid for integers).
    pub on_change: Callback<f64>,
}

/// How a number box reads typed text other than as a plain number, e.g. `15 min` as 900.
#[derive(Clone, Copy, Debug)]
pub struct TextReader {
    /// The value of the text, `None` when it cannot be read.
    pub read: fn(&str) -> Option<f64>,
    /// The message key shown for text it cannot read.
    pub unreadable: &'static str,
}

impl PartialEq for TextReader {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.read, other.read) && self.unreadable == other.unreadable
    }
}

/// The message key of text that is not a number.
const NOT_A_NUMBER: &str = "field.not_a_number";

/// Reads `text` as a plain number (`12,000`, `1_000`, `2.5`); `None` when it is not one.
pub fn read_number(text: &str) -> Option<f64> {
    let cleaned: String = text.trim().chars().filter(|c| *c != ',' && *c != '_' && *c != ' ').collect();
    rebalance_core::float::parse_f64(&cleaned)
}

/// Reads `text` as a number within `min..=max`; `Err` holds a message key and the bounds.
pub fn parse_in_range(text: &str, min: f64, max: f64) -> Result<f64, &'static str> {
    parse_with(text, read_number, min, max)
}

/// Reads `text` with `reader`, then checks it is finite and within `min..=max`.
pub fn parse_with(text: &str, reader: fn(&str) -> Option<f64>, min: f64, max: f64) -> Result<f64, &'static str> {
    let value: f64 = reader(text).ok_or(NOT_A_NUMBER)?;
    if !value.is_finite() {
        return Err(NOT_A_NUMBER);
    }
    if value < min || value > max {
        return Err("field.out_of_range");
    }
    Ok(value)
}

/// How a slider's positions `0..=steps` map to values in `min..=max` (arguments: value or
/// position, then `min`, `max`, `step`). Functions, not a flag, so only a page that uses a
/// scale carries its code.
#[derive(Clone, Copy, Debug)]
pub struct SliderScale {
    /// The last position.
    pub steps: u32,
    /// The position nearest to a value.
    pub position: fn(f64, f64, f64, f64) -> u32,
    /// The value a move to a position sets, from the current value: `(position, current, min,
    /// max, step)`.
    pub value: fn(u32, f64, f64, f64, f64) -> f64,
}

impl PartialEq for SliderScale {
    fn eq(&self, other: &Self) -> bool {
        self.steps == other.steps
            && std::ptr::fn_addr_eq(self.position, other.position)
            && std::ptr::fn_addr_eq(self.value, other.value)
    }
}

/// A logarithmic slider: equal distances are equal ratios (a backlog of 100 000 to
/// 100 000 000), values snap to two significant digits and the step, and one step always
/// changes the value.
pub const LOG_SCALE: SliderScale = SliderScale { steps: LOG_STEPS, position: log_position, value: log_value_from };

/// Positions of a logarithmic slider (`0` is `min`, [`LOG_STEPS`] is `max`).
pub const LOG_STEPS: u32 = 1000;

/// The smallest value above `min` a logarithmic slider reaches, and whether the range is wide
/// enough for one (else the slider stays linear).
fn log_floor(min: f64, max: f64, step: f64) -> Option<f64> {
    let floor = if min > 0.0 { min } else { step.max(max / 1e6) };
    (floor.is_finite() && floor > 0.0 && max > floor * 10.0).then_some(floor)
}

/// `x` rounded to two significant digits, then to a multiple of `step`. (The scale uses only
/// `ln` and `exp`: each other float function would be more code in the bundle.)
fn nice(x: f64, step: f64) -> f64 {
    let magnitude = 10f64.powi((x.abs().ln() / std::f64::consts::LN_10).floor() as i32 - 1);
    let two = (x / magnitude).round() * magnitude;
    if step > 0.0 {
        (two / step).round() * step
    } else {
        two
    }
}

/// The value at `position` of a logarithmic slider over `min..=max`.
pub fn log_value(position: u32, min: f64, max: f64, step: f64) -> f64 {
    let Some(floor) = log_floor(min, max, step) else {
        return min + (max - min) * f64::from(position.min(LOG_STEPS)) / f64::from(LOG_STEPS);
    };
    match position {
        0 => min,
        p if p >= LOG_STEPS => max,
        p => nice(floor * ((max / floor).ln() * f64::from(p) / f64::from(LOG_STEPS)).exp(), step).clamp(floor, max),
    }
}

/// The value a logarithmic slider moved to `position` from `current` sets: its value, or,
/// where snapping gives `current` again (the low end, where the step is coarse), the next
/// different value in the direction of the move, so an arrow key always changes the value.
pub fn log_value_from(position: u32, current: f64, min: f64, max: f64, step: f64) -> f64 {
    let from = log_position(current, min, max, step);
    let value = log_value(position, min, max, step);
    if value != current || position == from {
        return value;
    }
    let next = |p: u32| if position > from { p.checked_add(1).filter(|&p| p <= LOG_STEPS) } else { p.checked_sub(1) };
    std::iter::successors(next(position), |&p| next(p))
        .map(|p| log_value(p, min, max, step))
        .find(|&v| v != current)
        .unwrap_or(value)
}

/// The position of a logarithmic slider over `min..=max` nearest to `value`.
pub fn log_position(value: f64, min: f64, max: f64, step: f64) -> u32 {
    let Some(floor) = log_floor(min, max, step) else {
        let share = if max > min { (value - min) / (max - min) } else { 0.0 };
        return (share.clamp(0.0, 1.0) * f64::from(LOG_STEPS)).round() as u32;
    };
    if !value.is_finite() || value <= min || value < floor / 2.0 {
        return 0;
    }
    let share = (value.max(floor) / floor).ln() / (max / floor).ln();
    ((share.clamp(0.0, 1.0) * f64::from(LOG_STEPS)).round() as u32).max(1)
}

/// A slider plus a number box for one value.
#[component]
pub fn NumberField(props: &NumberFieldProps) -> Html {
    let i18n = use_i18n();
    let error = use_state_eq(|| None::<&'static str>);
    let text = use_state_eq(|| format_value(props.value));
    // The value this box last applied: when the page's value comes back as exactly that, the
    // box keeps the text as typed ("16 min 40 s" stays, and so does a half-typed "16 m").
    let applied = use_mut_ref(|| None::<u64>);
    {
        // Follow outside changes (presets, the slider, the URL) unless the box holds an
        // unapplied typo.
        let (text, error, applied) = (text.clone(), error.clone(), applied.clone());
        use_effect_with(props.value.to_bits(), move |bits| {
            let own = applied.borrow_mut().take() == Some(*bits);
            if error.is_none() && !own {
                text.set(format_value(f64::from_bits(*bits)));
            }
        });
    }
    let apply = {
        let (on_change, error, text) = (props.on_change.clone(), error.clone(), text.clone());
        let applied = applied.clone();
        let (min, max, step, reader) = (props.min, props.max, props.step, props.reader);
        Callback::from(move |raw: String| {
            let result = match reader {
                None => parse_in_range(&raw, min, max),
                Some(r) => {
                    parse_with(&raw, r.read, min, max)
                        .map_err(|key| if key == NOT_A_NUMBER { r.unreadable } else { key })
                }
            }
            .map(|v| if step >= 1.0 { v.round() } else { v });
            text.set(raw);
            match result {
                Ok(v) => {
                    error.set(None);
                    *applied.borrow_mut() = Some(v.to_bits());
                    on_change.emit(v);
                }
                Err(key) => error.set(Some(key)),
            }
        })
    };
    let oninput = {
        let apply = apply.clone();
        Callback::from(move |e: InputEvent| apply.emit(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_range = {
        let apply = apply.clone();
        let (scale, current, min, max, step) = (props.scale, props.value, props.min, props.max, props.step);
        Callback::from(move |e: InputEvent| {
            let raw = e.target_unchecked_into::<HtmlInputElement>().value();
            match (scale, raw.parse::<u32>()) {
                (Some(scale), Ok(position)) => {
                    apply.emit(format_value((scale.value)(position, current, min, max, step)))
                }
                _ => apply.emit(raw),
            }
        })
    };
    // The slider's own scale: the value itself, or a position of the given scale.
    let (range_min, range_max, range_step, range_value) = match props.scale {
        Some(scale) => {
            let position = (scale.position)(props.value, props.min, props.max, props.step);
            ("0".to_owned(), scale.steps.to_string(), "1".to_owned(), position.to_string())
        }
        None => (props.min.to_string(), props.max.to_string(), props.step.to_string(), props.value.to_string()),
    };
    let value_text = props.scale.map(|_| match &props.unit {
        Some(unit) => format!("{} {unit}", format_value(props.value)),
        None => format_value(props.value),
    });
    let error_id = format!("{}-error", props.id);
    let help_id = format!("{}-help", props.id);
    let described = [error.is_some().then(|| error_id.clone()), props.help.as_ref().map(|_| help_id.clone())]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let message =
        error.map(|key| i18n.t_args(key, &[("min", &format_value(props.min)), ("max", &format_value(props.max))]));
    html! {
        <div class={classes!("number-field", error.is_some().then_some("has-error"))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <div class="number-field-controls">
                if props.slider {
                    <input
                        type="range"
                        id={format!("{}-range", props.id)}
                        aria-label={props.label.clone()}
                        min={range_min}
                        max={range_max}
                        step={range_step}
                        value={range_value}
                        aria-valuetext={value_text}
                        data-scale={props.scale.map(|_| "scaled")}
                        oninput={on_range}
                    />
                }
                <input
                    type="text"
                    inputmode={if props.reader.is_some() { "text" } else { "decimal" }}
                    id={props.id.clone()}
                    value={(*text).clone()}
                    aria-invalid={error.is_some().to_string()}
                    aria-describedby={(!described.is_empty()).then_some(described)}
                    {oninput}
                />
                if let Some(unit) = &props.unit {
                    <span class="number-field-unit">{ unit.clone() }</span>
                }
            </div>
            if let Some(message) = message {
                <p class="number-field-error" id={error_id} role="alert">{ message }</p>
            }
            if let Some(help) = &props.help {
                <p class="number-field-help" id={help_id}>{ help.clone() }</p>
            }
        </div>
    }
}

/// Formats a value without a trailing `.0` for whole numbers.
pub fn format_value(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_within_range_only() {
        assert_eq!(parse_in_range(" 12,000 ", 0.0, 20_000.0), Ok(12_000.0));
        assert_eq!(parse_in_range("300", 1.0, 256.0), Err("field.out_of_range"));
        assert_eq!(parse_in_range("NaN", 1.0, 256.0), Err("field.not_a_number"));
        assert_eq!(parse_in_range("", 1.0, 256.0), Err("field.not_a_number"));
        assert_eq!(parse_in_range("1e400", 0.0, 1.0), Err("field.not_a_number"));
    }

    #[test]
    fn a_log_slider_spans_the_decades_with_round_values() {
        let (min, max, step) = (0.0, 100_000_000.0, 100_000.0);
        assert_eq!(log_value(0, min, max, step), 0.0);
        assert_eq!(log_value(1, min, max, step), 100_000.0);
        assert_eq!(log_value(LOG_STEPS, min, max, step), max);
        assert_eq!(log_value(LOG_STEPS + 5, min, max, step), max);
        // The middle of the slider is the middle of the decades (10^5.. 10^8: about 3.2 M).
        assert_eq!(log_value(LOG_STEPS / 2, min, max, step), 3_200_000.0);
        let mut last = 0.0;
        for p in 0..=LOG_STEPS {
            let v = log_value(p, min, max, step);
            assert!(v >= last && (min..=max).contains(&v), "position {p}: {v} after {last}");
            assert_eq!(v % step, 0.0, "position {p}: {v} is off the step");
            let digits = format_value(v).trim_end_matches('0').len();
            assert!(digits <= 2, "position {p}: {v} has more than two significant digits");
            last = v;
        }
        // Back and forth: a value lands on the position whose value is nearest (within 4 %).
        for v in [100_000.0, 300_000.0, 1_000_000.0, 6_000_000.0, 12_000_000.0, 99_000_000.0] {
            let back = log_value(log_position(v, min, max, step), min, max, step);
            assert!((back - v).abs() <= v * 0.04, "{v} → {back}");
        }
        assert_eq!(log_position(0.0, min, max, step), 0);
        assert_eq!(log_position(max, min, max, step), LOG_STEPS);
        assert_eq!(log_position(f64::NAN, min, max, step), 0);
        assert_eq!(log_position(1e300, min, max, step), LOG_STEPS);
    }

    #[test]
    fn one_step_of_a_log_slider_always_changes_the_value() {
        let (min, max, step) = (0.0, 100_000_000.0, 100_000.0);
        for current in [0.0, 100_000.0, 200_000.0, 1_000_000.0, 12_000_000.0, 99_000_000.0, max] {
            let at = log_position(current, min, max, step);
            let up = log_value_from((at + 1).min(LOG_STEPS), current, min, max, step);
            let down = log_value_from(at.saturating_sub(1), current, min, max, step);
            if current < max {
                assert!(up > current, "{current}: up gives {up}");
            }
            if current > min {
                assert!(down < current, "{current}: down gives {down}");
            }
        }
        assert_eq!(log_value_from(1, 0.0, min, max, step), 100_000.0);
        assert_eq!(log_value_from(LOG_STEPS, max, min, max, step), max);
    }

    #[test]
    fn a_range_too_narrow_for_a_log_slider_stays_linear() {
        assert_eq!(log_value(500, 1.0, 8.0, 1.0), 4.5);
        assert_eq!(log_position(4.5, 1.0, 8.0, 1.0), 500);
        assert_eq!(log_position(3.0, 5.0, 5.0, 1.0), 0);
        assert_eq!(log_value(7, 5.0, 5.0, 1.0), 5.0);
    }

    #[test]
    fn whole_numbers_have_no_decimal_point() {
        assert_eq!(format_value(8.0), "8");
        assert_eq!(format_value(2.5), "2.5");
    }
}
