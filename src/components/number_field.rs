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
    /// A short help text under the field.
    #[prop_or_default]
    pub help: Option<AttrValue>,
    /// Called with a valid value (already within range and on the step grid for integers).
    pub on_change: Callback<f64>,
}

/// Reads `text` as a number within `min..=max`; `Err` holds a message key and the bounds.
pub fn parse_in_range(text: &str, min: f64, max: f64) -> Result<f64, &'static str> {
    let cleaned: String = text.trim().chars().filter(|c| *c != ',' && *c != '_' && *c != ' ').collect();
    let value: f64 = cleaned.parse().map_err(|_| "field.not_a_number")?;
    if !value.is_finite() {
        return Err("field.not_a_number");
    }
    if value < min || value > max {
        return Err("field.out_of_range");
    }
    Ok(value)
}

/// A slider plus a number box for one value.
#[component]
pub fn NumberField(props: &NumberFieldProps) -> Html {
    let i18n = use_i18n();
    let error = use_state_eq(|| None::<&'static str>);
    let text = use_state_eq(|| format_value(props.value));
    {
        // Follow outside changes (presets, URL) unless the box holds an unapplied typo.
        let text = text.clone();
        let error = error.clone();
        use_effect_with(props.value.to_bits(), move |bits| {
            if error.is_none() {
                text.set(format_value(f64::from_bits(*bits)));
            }
        });
    }
    let apply = {
        let (on_change, error, text) = (props.on_change.clone(), error.clone(), text.clone());
        let (min, max, step) = (props.min, props.max, props.step);
        Callback::from(move |raw: String| {
            let result = parse_in_range(&raw, min, max).map(|v| if step >= 1.0 { v.round() } else { v });
            text.set(raw);
            match result {
                Ok(v) => {
                    error.set(None);
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
        Callback::from(move |e: InputEvent| apply.emit(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
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
                        min={props.min.to_string()}
                        max={props.max.to_string()}
                        step={props.step.to_string()}
                        value={props.value.to_string()}
                        oninput={on_range}
                    />
                }
                <input
                    type="text"
                    inputmode="decimal"
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
    fn whole_numbers_have_no_decimal_point() {
        assert_eq!(format_value(8.0), "8");
        assert_eq!(format_value(2.5), "2.5");
    }
}
