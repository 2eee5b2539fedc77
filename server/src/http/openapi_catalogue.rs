//! The plans and credit packages in force, said in the document: the keys a
//! purchase or a downgrade takes are the catalogue's (`plans.json`, or the
//! one built in), and a custom amount of credits is within its range.

use utoipa::openapi::OpenApi;

use super::openapi_fields::{edit, enumeration, refer};
use crate::billing::catalogue::Catalogue;

/// Fields naming a plan of the catalogue.
const PLAN_KEYS: &[(&str, &str)] = &[
    ("PurchaseRequest", "plan_key"),
    ("AnalyzeDowngradeRequest", "target_plan_key"),
    ("CleanupNodesRequest", "target_plan_key"),
];

/// Writes the catalogue's keys and range into the components of `doc`.
pub fn add(doc: &mut OpenApi, catalogue: &Catalogue) {
    let schemas = &mut doc.components.get_or_insert_with(Default::default).schemas;
    let plans: Vec<&str> = catalogue.plans().iter().map(|p| p.key.as_str()).collect();
    schemas.insert("PlanKey".into(), enumeration(&plans, "A plan of the catalogue in force"));
    let packages: Vec<&str> = catalogue.credit_packages().iter().map(|p| p.key.as_str()).collect();
    schemas.insert(
        "CreditPackageKey".into(),
        enumeration(&packages, "A credit package of the catalogue in force"),
    );
    for &(schema, field) in PLAN_KEYS {
        refer(schemas, schema, field, "PlanKey");
    }
    refer(schemas, "PurchaseCreditsRequest", "package_key", "CreditPackageKey");
    let custom = catalogue.custom_credits();
    edit(schemas, "PurchaseCustomCreditsRequest", "credit_amount", |amount| {
        amount.minimum = Some(custom.min_credits.into());
        amount.maximum = Some(custom.max_credits.into());
    });
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_keys_are_the_catalogues() {
        let (_, doc) = crate::http::api(Catalogue::builtin());
        let text = serde_json::to_value(&doc).unwrap();
        let schemas = &text["components"]["schemas"];
        let plans: Vec<&str> =
            Catalogue::builtin().plans().iter().map(|p| p.key.as_str()).collect();
        assert_eq!(schemas["PlanKey"]["enum"], json!(plans));
        let plan = &schemas["PurchaseRequest"]["properties"]["plan_key"];
        assert_eq!(plan["$ref"], "#/components/schemas/PlanKey", "{plan}");
        let amount = &schemas["PurchaseCustomCreditsRequest"]["properties"]["credit_amount"];
        assert_eq!(
            amount["minimum"],
            Catalogue::builtin().custom_credits().min_credits,
            "{amount}"
        );
    }
}
