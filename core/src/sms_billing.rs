//! How many SMS parts a text takes and what it costs (spec §9).
//!
//! Any Arabic-script character switches the whole message to UCS-2, which
//! fits 70 characters in one SMS and 67 per part once split (each part
//! carries a header); other text fits 160, or 153 per part. Characters are
//! counted as Unicode scalars: the spec's rule, not the finer GSM-7 or
//! UTF-16 accounting operators may apply.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub const SMS_SINGLE_UNICODE: u32 = 70;
pub const SMS_PART_UNICODE: u32 = 67;
pub const SMS_SINGLE_GSM: u32 = 160;
pub const SMS_PART_GSM: u32 = 153;
pub const SMS_COST_PER_SEGMENT: u64 = 150;
pub const SMS_COST_PER_SEGMENT_PREMIUM: u64 = 500;

/// Whether any character is in an Arabic Unicode block (Persian included).
pub fn is_arabic_script(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(c,
            '\u{0600}'..='\u{06FF}'
            | '\u{0750}'..='\u{077F}'
            | '\u{08A0}'..='\u{08FF}'
            | '\u{FB50}'..='\u{FDFF}'
            | '\u{FE70}'..='\u{FEFF}')
    })
}

/// The number of SMS parts `text` is sent as; 0 for an empty text.
pub fn sms_segments(text: &str) -> u32 {
    layout(text).2
}

pub fn sms_cost(segments: u32, premium: bool) -> u64 {
    let rate = if premium { SMS_COST_PER_SEGMENT_PREMIUM } else { SMS_COST_PER_SEGMENT };
    u64::from(segments) * rate
}

/// What the SMS form shows under the message box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct SmsEstimate {
    pub characters: u32,
    /// Sent as UCS-2 because the text has Arabic-script characters.
    pub unicode: bool,
    pub segments: u32,
    /// Characters one part holds for this text: 70, 67, 160 or 153.
    pub per_segment: u32,
    pub cost: u64,
}

pub fn estimate_sms(text: &str, premium: bool) -> SmsEstimate {
    let (characters, unicode, segments, per_segment) = layout(text);
    SmsEstimate { characters, unicode, segments, per_segment, cost: sms_cost(segments, premium) }
}

/// (characters, unicode, segments, capacity per segment).
fn layout(text: &str) -> (u32, bool, u32, u32) {
    // A text longer than u32::MAX characters is not an SMS; saturate.
    let characters = u32::try_from(text.chars().count()).unwrap_or(u32::MAX);
    let unicode = is_arabic_script(text);
    let (single, part) = if unicode {
        (SMS_SINGLE_UNICODE, SMS_PART_UNICODE)
    } else {
        (SMS_SINGLE_GSM, SMS_PART_GSM)
    };
    if characters <= single {
        (characters, unicode, u32::from(characters > 0), single)
    } else {
        (characters, unicode, characters.div_ceil(part), part)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn persian(n: usize) -> String {
        "سلام".chars().cycle().take(n).collect()
    }

    fn latin(n: usize) -> String {
        "Hello".chars().cycle().take(n).collect()
    }

    #[test]
    fn persian_segments() {
        assert_eq!(sms_segments(&persian(1)), 1);
        assert_eq!(sms_segments(&persian(70)), 1);
        assert_eq!(sms_segments(&persian(71)), 2);
        assert_eq!(sms_segments(&persian(134)), 2);
        assert_eq!(sms_segments(&persian(135)), 3);
    }

    #[test]
    fn latin_segments() {
        assert_eq!(sms_segments(""), 0);
        assert_eq!(sms_segments(&latin(160)), 1);
        assert_eq!(sms_segments(&latin(161)), 2);
        assert_eq!(sms_segments(&latin(306)), 2);
        assert_eq!(sms_segments(&latin(307)), 3);
    }

    #[test]
    fn one_arabic_character_switches_the_whole_text() {
        let mixed = format!("{}ک", latin(69));
        assert!(is_arabic_script(&mixed));
        assert_eq!(sms_segments(&mixed), 1);
        let mixed = format!("{}ک", latin(70));
        assert_eq!(sms_segments(&mixed), 2);
        assert!(!is_arabic_script("Hello, 123 ✓"));
        // Persian digits and presentation forms are Arabic script too.
        assert!(is_arabic_script("۱۲۳"));
        assert!(is_arabic_script("\u{FEFB}"));
        assert!(is_arabic_script("\u{08A0}"));
        assert!(is_arabic_script("\u{0750}"));
        assert!(!is_arabic_script("\u{05FF}\u{0700}\u{FE6F}"));
    }

    #[test]
    fn costs() {
        assert_eq!(sms_cost(0, false), 0);
        assert_eq!(sms_cost(3, false), 450);
        assert_eq!(sms_cost(3, true), 1_500);
        assert_eq!(sms_cost(u32::MAX, true), u64::from(u32::MAX) * 500);
    }

    #[test]
    fn estimates() {
        assert_eq!(
            estimate_sms(&persian(71), false),
            SmsEstimate { characters: 71, unicode: true, segments: 2, per_segment: 67, cost: 300 }
        );
        assert_eq!(
            estimate_sms(&persian(70), true),
            SmsEstimate { characters: 70, unicode: true, segments: 1, per_segment: 70, cost: 500 }
        );
        assert_eq!(
            estimate_sms(&latin(161), true),
            SmsEstimate {
                characters: 161,
                unicode: false,
                segments: 2,
                per_segment: 153,
                cost: 1_000
            }
        );
        assert_eq!(
            estimate_sms("", false),
            SmsEstimate { characters: 0, unicode: false, segments: 0, per_segment: 160, cost: 0 }
        );
        let json = serde_json::to_value(estimate_sms("hi", false)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"characters": 2, "unicode": false, "segments": 1, "perSegment": 160, "cost": 150})
        );
    }
}
