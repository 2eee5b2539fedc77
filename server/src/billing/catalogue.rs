//! The plan catalogue: plans with their prices, node quotas, monthly credits
//! and features; credit packages. Pure data, no queries (the plan a user is
//! on is `current_plan`'s).
//!
//! The catalogue is data: `server/plans.json` is built into the binary and an
//! operator may replace it at start with `DASTYAR_PLANS_FILE`. It is checked
//! when it is read, so a broken file stops the server from starting with a
//! message that says what is wrong, never later.

use std::collections::HashSet;
use std::fmt;
use std::path::Path;
use std::sync::OnceLock;

pub use dastyar_core::credits::CustomCredits;
use dastyar_core::limits::PlanQuota;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

/// The catalogue built into the binary.
pub const BUILTIN_CATALOGUE: &str = include_str!("../../plans.json");

/// The longest plan or package key.
const MAX_KEY_LEN: usize = 50;

/// How long a subscription is bought for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "api/")]
pub enum BillingCycle {
    Monthly,
    Yearly,
}

impl BillingCycle {
    pub const ALL: [BillingCycle; 2] = [BillingCycle::Monthly, BillingCycle::Yearly];

    pub fn as_str(self) -> &'static str {
        match self {
            BillingCycle::Monthly => "monthly",
            BillingCycle::Yearly => "yearly",
        }
    }

    pub fn parse(text: &str) -> Option<BillingCycle> {
        BillingCycle::ALL.into_iter().find(|c| c.as_str() == text)
    }

    /// How many calendar months one period lasts.
    pub fn months(self) -> u32 {
        match self {
            BillingCycle::Monthly => 1,
            BillingCycle::Yearly => 12,
        }
    }
}

/// A plan's price for each billing cycle, in rials.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct PlanPrices {
    pub monthly: i64,
    pub yearly: i64,
}

impl PlanPrices {
    pub fn for_cycle(&self, cycle: BillingCycle) -> i64 {
        match cycle {
            BillingCycle::Monthly => self.monthly,
            BillingCycle::Yearly => self.yearly,
        }
    }
}

/// A plan, as the catalogue defines it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// As subscriptions name it.
    pub key: String,
    /// Persian.
    pub name: String,
    /// Persian.
    pub description: String,
    pub prices: PlanPrices,
    /// Node quotas; `None` is unlimited.
    pub quota: PlanQuota,
    /// Room for uploaded files, in mebibytes; `None` is unlimited.
    pub storage_mb: Option<u32>,
    pub monthly_credits: i64,
    /// Persian, one line each.
    pub features: Vec<String>,
}

impl Plan {
    /// The free plan costs nothing in either cycle.
    pub fn is_free(&self) -> bool {
        self.prices.monthly == 0 && self.prices.yearly == 0
    }
}

/// A package of credits bought once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CreditPackage {
    pub key: String,
    /// Persian.
    pub name: String,
    pub credits: i64,
    /// In rials.
    pub price: i64,
}

/// The largest amount one payment may carry, in rials: Zarinpal's cap
/// (100,000,000 tomans).
pub const MAX_PAYMENT_RIALS: i64 = 1_000_000_000;

/// Every plan and credit package on offer, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalogue {
    plans: Vec<Plan>,
    free: usize,
    packages: Vec<CreditPackage>,
    custom_credits: CustomCredits,
}

/// Why a catalogue could not be used: where it came from and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogueError {
    pub source: String,
    pub reason: String,
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the plan catalogue {} is not usable: {}", self.source, self.reason)
    }
}

impl std::error::Error for CatalogueError {}

impl Catalogue {
    /// The built-in catalogue (checked by a unit test, so it always parses).
    pub fn builtin() -> &'static Catalogue {
        static BUILTIN: OnceLock<Catalogue> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            Catalogue::parse(BUILTIN_CATALOGUE)
                .unwrap_or_else(|reason| panic!("the built-in plans.json is broken: {reason}"))
        })
    }

    /// The catalogue in `file`, or the built-in one when there is none.
    pub fn load(file: Option<&Path>) -> Result<Catalogue, CatalogueError> {
        let Some(path) = file else { return Ok(Catalogue::builtin().clone()) };
        let source = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| CatalogueError { source: source.clone(), reason: e.to_string() })?;
        Catalogue::parse(&text).map_err(|reason| CatalogueError { source, reason })
    }

    /// Reads and checks a catalogue's JSON text.
    pub fn parse(text: &str) -> Result<Catalogue, String> {
        let raw: RawCatalogue = serde_json::from_str(text).map_err(|e| format!("{e}"))?;
        let mut keys = HashSet::new();
        let mut plans = Vec::with_capacity(raw.plans.len());
        for (i, plan) in raw.plans.into_iter().enumerate() {
            let at = format!("plans[{i}]");
            check_key(&at, &plan.key, &mut keys)?;
            let at = format!("plan \"{}\"", plan.key);
            plans.push(plan.check(&at)?);
        }
        let free: Vec<usize> = (0..plans.len()).filter(|&i| plans[i].is_free()).collect();
        let [free] = free[..] else {
            return Err(format!(
                "there must be exactly one free plan (monthly and yearly price 0), found {}",
                free.len()
            ));
        };
        let mut keys = HashSet::new();
        let mut packages = Vec::with_capacity(raw.credit_packages.len());
        for (i, package) in raw.credit_packages.into_iter().enumerate() {
            check_key(&format!("credit_packages[{i}]"), &package.key, &mut keys)?;
            let at = format!("credit package \"{}\"", package.key);
            if package.name.trim().is_empty() {
                return Err(format!("{at}: name is empty"));
            }
            if package.credits <= 0 {
                return Err(format!("{at}: credits must be above 0, not {}", package.credits));
            }
            if package.price <= 0 {
                return Err(format!("{at}: price must be above 0 rials, not {}", package.price));
            }
            if package.price > MAX_PAYMENT_RIALS {
                return Err(format!(
                    "{at}: price is over the gateway's cap of {MAX_PAYMENT_RIALS} rials"
                ));
            }
            packages.push(CreditPackage {
                key: package.key,
                name: package.name,
                credits: package.credits,
                price: package.price,
            });
        }
        let custom_credits = raw.custom_credits;
        let CustomCredits { price_per_credit, min_credits, max_credits } = custom_credits;
        if price_per_credit <= 0 || min_credits <= 0 || max_credits < min_credits {
            return Err("custom_credits: price_per_credit and min_credits must be above 0 and max_credits at least min_credits".into());
        }
        if custom_credits.price(max_credits).is_none_or(|p| p > MAX_PAYMENT_RIALS) {
            return Err(format!(
                "custom_credits: max_credits × price_per_credit is over the gateway's cap of {MAX_PAYMENT_RIALS} rials"
            ));
        }
        if let Some(plan) =
            plans.iter().find(|p| p.prices.monthly.max(p.prices.yearly) > MAX_PAYMENT_RIALS)
        {
            return Err(format!(
                "plan \"{}\": a price is over the gateway's cap of {MAX_PAYMENT_RIALS} rials",
                plan.key
            ));
        }
        Ok(Catalogue { plans, free, packages, custom_credits })
    }

    /// Every plan, in catalogue order.
    pub fn plans(&self) -> &[Plan] {
        &self.plans
    }

    /// The plan a new account starts on and an unsubscribed user is on.
    pub fn free_plan(&self) -> &Plan {
        &self.plans[self.free]
    }

    /// A plan by its key.
    pub fn plan(&self, key: &str) -> Option<&Plan> {
        self.plans.iter().find(|p| p.key == key)
    }

    pub fn credit_packages(&self) -> &[CreditPackage] {
        &self.packages
    }

    pub fn credit_package(&self, key: &str) -> Option<&CreditPackage> {
        self.packages.iter().find(|p| p.key == key)
    }

    pub fn custom_credits(&self) -> CustomCredits {
        self.custom_credits
    }
}

fn check_key(at: &str, key: &str, seen: &mut HashSet<String>) -> Result<(), String> {
    let well_formed = !key.is_empty()
        && key.len() <= MAX_KEY_LEN
        && key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
    if !well_formed {
        return Err(format!("{at}: key {key:?} must be 1 to {MAX_KEY_LEN} of a-z, 0-9, _ and -"));
    }
    if !seen.insert(key.to_owned()) {
        return Err(format!("{at}: key \"{key}\" is used twice"));
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCatalogue {
    plans: Vec<RawPlan>,
    #[serde(default)]
    credit_packages: Vec<RawPackage>,
    custom_credits: CustomCredits,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlan {
    key: String,
    name: String,
    description: String,
    prices: RawPrices,
    quota: RawQuota,
    /// Written like a quota: a number, or `null` for no limit.
    storage_mb: Value,
    monthly_credits: i64,
    #[serde(default)]
    features: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrices {
    monthly: i64,
    yearly: i64,
}

/// Each quota (and `storage_mb`) must be written: a whole number of nodes, or `null` for no
/// limit (so a forgotten line never means "unlimited").
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQuota {
    assistant_nodes: Value,
    analyzer_nodes: Value,
    vector_store_nodes: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPackage {
    key: String,
    name: String,
    credits: i64,
    price: i64,
}

impl RawPlan {
    fn check(self, at: &str) -> Result<Plan, String> {
        if self.name.trim().is_empty() {
            return Err(format!("{at}: name is empty"));
        }
        let RawPrices { monthly, yearly } = self.prices;
        if monthly < 0 || yearly < 0 {
            return Err(format!("{at}: prices must not be negative"));
        }
        if (monthly == 0) != (yearly == 0) {
            return Err(format!(
                "{at}: a plan is free (both prices 0) or paid (both prices above 0)"
            ));
        }
        if self.monthly_credits < 0 {
            return Err(format!("{at}: monthly_credits must not be negative"));
        }
        if self.features.iter().any(|f| f.trim().is_empty()) {
            return Err(format!("{at}: a feature is empty"));
        }
        let storage_mb = quota(at, "storage_mb", &self.storage_mb)?;
        let quota = PlanQuota {
            assistant_nodes: quota(at, "quota.assistant_nodes", &self.quota.assistant_nodes)?,
            analyzer_nodes: quota(at, "quota.analyzer_nodes", &self.quota.analyzer_nodes)?,
            vector_store_nodes: quota(
                at,
                "quota.vector_store_nodes",
                &self.quota.vector_store_nodes,
            )?,
        };
        Ok(Plan {
            key: self.key,
            name: self.name,
            description: self.description,
            prices: PlanPrices { monthly, yearly },
            quota,
            storage_mb,
            monthly_credits: self.monthly_credits,
            features: self.features,
        })
    }
}

fn quota(at: &str, name: &str, value: &Value) -> Result<Option<u32>, String> {
    match value {
        Value::Null => Ok(None),
        other => {
            other.as_u64().and_then(|n| u32::try_from(n).ok()).map(Some).ok_or_else(|| {
                format!("{at}: {name} must be a whole number ≥ 0 or null, not {other}")
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn with(edit: impl FnOnce(&mut Value)) -> Result<Catalogue, String> {
        let mut value: Value = serde_json::from_str(BUILTIN_CATALOGUE).unwrap();
        edit(&mut value);
        Catalogue::parse(&value.to_string())
    }

    #[test]
    fn the_builtin_catalogue_is_sound() {
        let catalogue = Catalogue::builtin();
        let free = catalogue.free_plan();
        assert_eq!(free.key, "free");
        assert_eq!(
            free.quota,
            PlanQuota {
                assistant_nodes: Some(3),
                analyzer_nodes: Some(1),
                vector_store_nodes: Some(2)
            }
        );
        let paid: Vec<&Plan> = catalogue.plans().iter().filter(|p| !p.is_free()).collect();
        assert!(paid.len() >= 3);
        for plan in paid {
            assert!(plan.prices.monthly > 0, "{}", plan.key);
            assert!(plan.prices.yearly < 12 * plan.prices.monthly, "{}", plan.key);
            assert!(plan.monthly_credits > free.monthly_credits, "{}", plan.key);
            assert!(!plan.features.is_empty(), "{}", plan.key);
        }
        assert!(catalogue.plan("pro").is_some());
        assert!(catalogue.credit_packages().len() >= 3);
        assert!(catalogue.credit_package("credits_1000").is_some());
    }

    #[test]
    fn loading_without_a_file_is_the_builtin_catalogue() {
        assert_eq!(&Catalogue::load(None).unwrap(), Catalogue::builtin());
    }

    #[test]
    fn broken_catalogues_say_what_is_wrong() {
        type Edit = Box<dyn FnOnce(&mut Value)>;
        let cases: Vec<(Edit, &str)> = vec![
            (Box::new(|v| v["plans"][1]["key"] = json!("free")), "key \"free\" is used twice"),
            (
                Box::new(|v| v["plans"][1]["prices"] = json!({"monthly": 0, "yearly": 0})),
                "exactly one free plan",
            ),
            (
                Box::new(|v| v["plans"][0]["prices"]["monthly"] = json!(10)),
                "free (both prices 0) or paid",
            ),
            (
                Box::new(|v| v["plans"][0]["prices"] = json!({"monthly": 5, "yearly": 50})),
                "exactly one free plan",
            ),
            (Box::new(|v| v["plans"][2]["prices"]["yearly"] = json!(-1)), "must not be negative"),
            (
                Box::new(|v| v["plans"][2]["quota"]["analyzer_nodes"] = json!(-2)),
                "quota.analyzer_nodes",
            ),
            (
                Box::new(|v| v["plans"][1]["storage_mb"] = json!(1.5)),
                "storage_mb must be a whole number",
            ),
            (
                Box::new(|v| {
                    v["plans"][0].as_object_mut().unwrap().remove("storage_mb");
                }),
                "missing field `storage_mb`",
            ),
            (
                Box::new(|v| v["plans"][2]["quota"]["analyzer_nodes"] = json!("5")),
                "quota.analyzer_nodes",
            ),
            (
                Box::new(|v| {
                    v["plans"][2]["quota"].as_object_mut().unwrap().remove("vector_store_nodes");
                }),
                "missing field `vector_store_nodes`",
            ),
            (
                Box::new(|v| v["plans"][2]["quota"]["assistants"] = json!(3)),
                "unknown field `assistants`",
            ),
            (Box::new(|v| v["plans"][1]["key"] = json!("Pro Plan")), "must be 1 to 50 of a-z"),
            (Box::new(|v| v["plans"][1]["monthly_credits"] = json!(-5)), "monthly_credits"),
            (Box::new(|v| v["plans"][1]["name"] = json!(" ")), "name is empty"),
            (Box::new(|v| v["credit_packages"][1]["key"] = json!("credits_1000")), "used twice"),
            (Box::new(|v| v["credit_packages"][0]["price"] = json!(0)), "price must be above 0"),
            (
                Box::new(|v| v["credit_packages"][0]["credits"] = json!(-1)),
                "credits must be above 0",
            ),
            (
                Box::new(|v| v["credit_packages"][0]["price"] = json!(2_000_000_000_i64)),
                "over the gateway's cap",
            ),
            (
                Box::new(|v| v["plans"][3]["prices"]["yearly"] = json!(1_500_000_000_i64)),
                "over the gateway's cap",
            ),
            (
                Box::new(|v| v["custom_credits"]["max_credits"] = json!(5_000_000)),
                "over the gateway's cap",
            ),
            (Box::new(|v| v["custom_credits"]["min_credits"] = json!(0)), "custom_credits"),
            (
                Box::new(|v| {
                    v.as_object_mut().unwrap().remove("custom_credits");
                }),
                "missing field `custom_credits`",
            ),
        ];
        for (edit, expected) in cases {
            let error = with(edit).unwrap_err();
            assert!(error.contains(expected), "{error:?} does not say {expected:?}");
        }
        assert!(Catalogue::parse("{").is_err());
        let no_plans = r#"{"plans": [], "custom_credits": {"price_per_credit": 1, "min_credits": 1, "max_credits": 1}}"#;
        assert!(Catalogue::parse(no_plans).unwrap_err().contains("exactly one free plan"));
    }

    #[test]
    fn an_operator_file_replaces_the_builtin_one() {
        let dir =
            std::env::temp_dir().join(format!("dastyar-plans-{:016x}", rand::random::<u64>()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("plans.json");
        let mut value: Value = serde_json::from_str(BUILTIN_CATALOGUE).unwrap();
        value["plans"][0]["quota"]["assistant_nodes"] = json!(7);
        std::fs::write(&good, value.to_string()).unwrap();
        let catalogue = Catalogue::load(Some(&good)).unwrap();
        assert_eq!(catalogue.free_plan().quota.assistant_nodes, Some(7));

        let broken = dir.join("broken.json");
        std::fs::write(&broken, "{\"plans\": [").unwrap();
        let error = Catalogue::load(Some(&broken)).unwrap_err();
        assert_eq!(error.source, broken.display().to_string());
        assert!(error.to_string().contains("broken.json"), "{error}");

        let missing = Catalogue::load(Some(&dir.join("nope.json"))).unwrap_err();
        assert!(missing.to_string().contains("nope.json"), "{missing}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
