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
    fn text_order_is_time_order() {
        let a = at(UNIX_EPOCH + Duration::from_millis(999));
        let b = at(UNIX_EPOCH + Duration::from_millis(1000));
        assert!(a < b);
    }
}
