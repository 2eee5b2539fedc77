//! Credits bought in any amount: the catalogue's range and price per credit
//! (spec §7 `purchase-custom-credits`). The server charges by this rule and
//! the subscription page prices a typed amount with it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Credits bought in any amount within a range, at one price each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
#[ts(export, export_to = "rules/")]
pub struct CustomCredits {
    /// In rials, per credit.
    pub price_per_credit: i64,
    pub min_credits: i64,
    pub max_credits: i64,
}

impl CustomCredits {
    /// The price of `credits` credits, in rials, when the amount is on offer.
    pub fn price(&self, credits: i64) -> Option<i64> {
        (self.min_credits..=self.max_credits)
            .contains(&credits)
            .then(|| credits.checked_mul(self.price_per_credit))
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priced_only_within_the_range() {
        let custom = CustomCredits { price_per_credit: 1_000, min_credits: 100, max_credits: 500 };
        assert_eq!(custom.price(250), Some(250_000));
        assert_eq!(custom.price(100), Some(100_000));
        assert_eq!(custom.price(99), None);
        assert_eq!(custom.price(501), None);
        let huge = CustomCredits { price_per_credit: i64::MAX, min_credits: 1, max_credits: 10 };
        assert_eq!(huge.price(2), None);
    }
}
