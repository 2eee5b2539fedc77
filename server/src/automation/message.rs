//! A trigger's message as sent: its template with `{{name}}` placeholders
//! filled from its `context_data` and from the moment of the run in the
//! trigger's timezone, Gregorian and Jalali. A placeholder it does not know
//! stays as written, so a typo shows in the message instead of vanishing.

use chrono::{DateTime, Datelike, Utc};
use chrono_tz::Tz;
use parsidate::ParsiDate;
use serde_json::Value;

/// The date and time variables, with what each gives (for the panel's help).
pub const TIME_VARIABLES: [(&str, &str); 7] = [
    ("date", "2026-11-26"),
    ("time", "14:30"),
    ("datetime", "2026-11-26 14:30"),
    ("jalali_date", "1405/09/05"),
    ("jalali_long", "5 آذر 1405"),
    ("weekday", "پنجشنبه"),
    ("jalali_year", "1405"),
];

/// The template filled for a run at `at` in `timezone` (UTC if unknown).
pub fn render(template: &str, context: &Value, at: DateTime<Utc>, timezone: &str) -> String {
    let zone: Tz = timezone.parse().unwrap_or(Tz::UTC);
    let local = at.with_timezone(&zone);
    let jalali = ParsiDate::from_gregorian(local.date_naive()).ok();
    let lookup = |name: &str| -> Option<String> {
        match name {
            "date" => Some(local.format("%Y-%m-%d").to_string()),
            "time" => Some(local.format("%H:%M").to_string()),
            "datetime" => Some(local.format("%Y-%m-%d %H:%M").to_string()),
            "jalali_date" => jalali.as_ref().map(ParsiDate::to_string),
            "jalali_long" => jalali.as_ref().map(|d| d.format("long")),
            "jalali_year" => jalali.as_ref().map(|d| d.year().to_string()),
            "weekday" => Some(weekday(local.weekday()).to_owned()),
            _ => match context.get(name)? {
                Value::String(text) => Some(text.clone()),
                Value::Null => Some(String::new()),
                other => Some(other.to_string()),
            },
        }
    };
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = after[..close].trim();
        match lookup(name) {
            Some(value) => out.push_str(&value),
            None => out.push_str(&rest[open..open + 2 + close + 2]),
        }
        rest = &after[close + 2..];
    }
    out.push_str(rest);
    out
}

/// The Persian name of a weekday.
fn weekday(day: chrono::Weekday) -> &'static str {
    use chrono::Weekday::*;
    match day {
        Sat => "شنبه",
        Sun => "یکشنبه",
        Mon => "دوشنبه",
        Tue => "سه‌شنبه",
        Wed => "چهارشنبه",
        Thu => "پنجشنبه",
        Fri => "جمعه",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use serde_json::json;

    #[test]
    fn time_variables_are_the_triggers_local_time_gregorian_and_jalali() {
        // 11:00 UTC is 14:30 in Tehran.
        let at = Utc.with_ymd_and_hms(2026, 11, 26, 11, 0, 0).unwrap();
        let template =
            "{{date}} {{time}} | {{jalali_date}} | {{jalali_long}} | {{weekday}} {{jalali_year}}";
        assert_eq!(
            render(template, &json!({}), at, "Asia/Tehran"),
            "2026-11-26 14:30 | 1405/09/05 | 5 آذر 1405 | پنجشنبه 1405"
        );
        for (name, example) in TIME_VARIABLES {
            let filled = render(&format!("{{{{{name}}}}}"), &json!({}), at, "Asia/Tehran");
            assert_eq!(filled, example, "{name}");
        }
    }

    #[test]
    fn context_values_fill_their_names_and_unknown_names_stay() {
        let at = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap();
        let context = json!({"shop": "کتاب‌سرا", "count": 3, "none": null, "tags": ["a"]});
        let filled = render(
            "سلام {{ shop }}: {{count}} سفارش{{none}} {{tags}} {{missing}} {{open",
            &context,
            at,
            "Asia/Tehran",
        );
        assert_eq!(filled, "سلام کتاب‌سرا: 3 سفارش [\"a\"] {{missing}} {{open");
    }

    #[test]
    fn an_unknown_timezone_reads_as_utc() {
        let at = Utc.with_ymd_and_hms(2026, 6, 1, 23, 30, 0).unwrap();
        assert_eq!(render("{{datetime}}", &json!({}), at, "Nowhere/City"), "2026-06-01 23:30");
        assert_eq!(render("{{date}}", &json!({}), at, "Asia/Tehran"), "2026-06-02");
    }
}
