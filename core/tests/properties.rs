//! Property tests for the phone normaliser and the SMS segment arithmetic.

use dastyar_core::sms_billing::{
    SMS_COST_PER_SEGMENT, SMS_COST_PER_SEGMENT_PREMIUM, SMS_PART_GSM, SMS_PART_UNICODE,
    SMS_SINGLE_GSM, SMS_SINGLE_UNICODE, estimate_sms, is_arabic_script, sms_cost, sms_segments,
};
use dastyar_core::validate::phone::{is_valid_iranian_mobile, normalize_iranian_mobile};
use proptest::prelude::*;

/// `text` with a run of spaces (possibly empty) before each character and at the end.
fn with_spaces(text: &str, spaces: &[usize]) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        out.push_str(&" ".repeat(spaces[i % spaces.len()]));
        out.push(c);
    }
    out.push_str(&" ".repeat(spaces[text.len() % spaces.len()]));
    out
}

proptest! {
    #[test]
    fn any_valid_number_normalises_to_a_leading_zero(
        digits in "[0-9]{9}",
        prefix in prop::sample::select(vec!["+989", "09", "9"]),
        spaces in prop::collection::vec(0usize..3, 1..16),
    ) {
        let input = with_spaces(&format!("{prefix}{digits}"), &spaces);
        let normal = normalize_iranian_mobile(&input).unwrap();
        prop_assert_eq!(&normal, &format!("09{digits}"));
        prop_assert_eq!(normalize_iranian_mobile(&normal).unwrap(), normal);
    }

    #[test]
    fn wrong_lengths_never_validate(
        digits in "[0-9]{0,20}".prop_filter("nine digits is the valid length", |d| d.len() != 9),
        prefix in prop::sample::select(vec!["+989", "09", "9"]),
    ) {
        let input = format!("{prefix}{digits}");
        prop_assert!(!is_valid_iranian_mobile(&input), "{}", input);
    }

    #[test]
    fn segments_hold_the_text(text in "\\PC{0,500}", premium in any::<bool>()) {
        let chars = u32::try_from(text.chars().count()).unwrap();
        let estimate = estimate_sms(&text, premium);
        let segments = sms_segments(&text);
        prop_assert_eq!(estimate.segments, segments);
        prop_assert_eq!(estimate.characters, chars);
        let single = if estimate.unicode { SMS_SINGLE_UNICODE } else { SMS_SINGLE_GSM };
        if chars == 0 {
            prop_assert_eq!(segments, 0);
        } else if chars <= single {
            prop_assert_eq!(segments, 1);
            prop_assert_eq!(estimate.per_segment, single);
        } else {
            let part = estimate.per_segment;
            prop_assert!(segments >= 2);
            prop_assert!(segments * part >= chars);
            prop_assert!((segments - 1) * part < chars);
        }
        let rate = if premium { SMS_COST_PER_SEGMENT_PREMIUM } else { SMS_COST_PER_SEGMENT };
        prop_assert_eq!(estimate.cost, u64::from(segments) * rate);
        prop_assert_eq!(sms_cost(segments, premium), estimate.cost);
    }

    #[test]
    fn an_arabic_character_flips_the_capacity(
        latin in "[ -~]{0,400}",
        arabic in "[\u{0621}-\u{064A}\u{06F0}-\u{06F9}]",
        at in any::<prop::sample::Index>(),
    ) {
        prop_assert!(!is_arabic_script(&latin));
        let plain = estimate_sms(&latin, false);
        prop_assert!(!plain.unicode);
        prop_assert!([SMS_SINGLE_GSM, SMS_PART_GSM].contains(&plain.per_segment));

        let mut mixed = latin.clone();
        mixed.insert_str(at.index(latin.len() + 1), &arabic);
        let flipped = estimate_sms(&mixed, false);
        prop_assert!(flipped.unicode);
        prop_assert!([SMS_SINGLE_UNICODE, SMS_PART_UNICODE].contains(&flipped.per_segment));
        prop_assert!(flipped.segments >= plain.segments);
    }
}
