//! Timestamps as stored and served: UTC RFC 3339 text with microseconds and a
//! `Z`, always the same width (`2026-11-21T18:35:00.123456Z`), so that text
//! order is time order on both backends and `Any` reads them as plain text.

use std::time::SystemTime;

use chrono::{DateTime, Utc};

const FORMAT: &str = "%Y-%m-%dT%H:%M:%S%.6fZ";

/// Now, as stored.
pub fn now() -> String {
    at(SystemTime::now())
}

/// A moment, as stored.
pub fn at(time: SystemTime) -> String {
    DateTime::<Utc>::from(time).format(FORMAT).to_string()
}

/// A stored timestamp as a moment (`None` for text it did not write).
pub fn parse(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.with_timezone(&Utc))
}

/// A moment as nodes and panels show it: to the second (`2026-11-26T07:00:00Z`).
pub fn shown(time: DateTime<Utc>) -> String {
    time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A moment, as stored.
pub fn of(time: DateTime<Utc>) -> String {
    time.format(FORMAT).to_string()
}

/// `text` plus `months` calendar months (the 31st of a month lands on the
/// last day of a shorter one); `None` for text it did not write.
pub fn add_months(text: &str, months: u32) -> Option<String> {
    parse(text)?.checked_add_months(chrono::Months::new(months)).map(of)
}

/// How many whole calendar months lie between `from` and `to` (0 when `to`
/// is before `from` or either is not a stored timestamp).
pub fn whole_months(from: &str, to: &str) -> u32 {
    let (Some(start), Some(end)) = (parse(from), parse(to)) else { return 0 };
    let mut months = 0;
    while start.checked_add_months(chrono::Months::new(months + 1)).is_some_and(|next| next <= end)
    {
        months += 1;
    }
    months
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn fixed_width_utc_text() {
        let t = UNIX_EPOCH + Duration::from_micros(1_795_000_000_123_456);
        assert_eq!(at(t), "2026-11-18T11:06:40.123456Z");
        assert_eq!(at(UNIX_EPOCH), "1970-01-01T00:00:00.000000Z");
        assert_eq!(now().len(), at(UNIX_EPOCH).len());
    }

    #[test]
    fn months_are_calendar_months() {
        assert_eq!(
            add_months("2026-01-31T10:00:00.000000Z", 1).as_deref(),
            Some("2026-02-28T10:00:00.000000Z")
        );
        assert_eq!(
            add_months("2026-11-21T10:00:00.000000Z", 12).as_deref(),
            Some("2027-11-21T10:00:00.000000Z")
        );
        assert_eq!(add_months("yesterday", 1), None);
        let start = "2026-01-15T00:00:00.000000Z";
        assert_eq!(whole_months(start, "2026-02-14T23:59:59.000000Z"), 0);
        assert_eq!(whole_months(start, "2026-02-15T00:00:00.000000Z"), 1);
        assert_eq!(whole_months(start, "2027-01-20T00:00:00.000000Z"), 12);
        assert_eq!(whole_months(start, "2025-01-20T00:00:00.000000Z"), 0);
        assert_eq!(parse(&of(parse(start).unwrap())).map(of).as_deref(), Some(start));
    }

    #[test]
    fn text_order_is_time_order() {
        let a = at(UNIX_EPOCH + Duration::from_millis(999));
        let b = at(UNIX_EPOCH + Duration::from_millis(1000));
        assert!(a < b);
    }
}
