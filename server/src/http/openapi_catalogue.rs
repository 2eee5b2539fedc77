//! The plans and credit packages in force, said in the document: the keys a
//! purchase (a plan for sale) or a downgrade takes are the catalogue's
//! (`plans.json`, or the one built in), a custom amount of credits is within its range, and a
//! billing cycle is one the catalogue prices.

use serde_json::json;
use utoipa::openapi::{OpenApi, RefOr};

use super::openapi_fields::{edit, enumeration, find_property, refer};
use crate::billing::catalogue::Catalogue;

/// Fields naming a plan of the catalogue (a purchase names one for sale).
const PLAN_KEYS: &[(&str, &str)] =
    &[("AnalyzeDowngradeRequest", "target_plan_key"), ("CleanupNodesRequest", "target_plan_key")];

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
    let for_sale: Vec<&str> =
        catalogue.plans().iter().filter(|p| !p.is_free()).map(|p| p.key.as_str()).collect();
    schemas.insert(
        "PlanForSaleKey".into(),
        enumeration(
            &for_sale,
            "A plan of the catalogue in force that is bought (not the free one)",
        ),
    );
    for &(schema, field) in PLAN_KEYS {
        refer(schemas, schema, field, "PlanKey");
    }
    refer(schemas, "PurchaseRequest", "plan_key", "PlanForSaleKey");
    refer(schemas, "PurchaseCreditsRequest", "package_key", "CreditPackageKey");
    refer(schemas, "PurchaseRequest", "billing_cycle", "BillingCycle");
    // Left out or null: the current subscription's cycle (else monthly).
    *find_property(schemas, "CleanupNodesRequest", "billing_cycle")
        .expect("cleanup-nodes has a billing_cycle") = RefOr::T(
        serde_json::from_value(json!({"anyOf": [
            {"$ref": "#/components/schemas/BillingCycle"}, {"type": "null"}
        ]}))
        .expect("an optional billing cycle"),
    );
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
    use crate::billing::catalogue::BillingCycle;

    #[test]
    fn the_keys_are_the_catalogues() {
        let (_, doc) = crate::http::api(Catalogue::builtin());
        let text = serde_json::to_value(&doc).unwrap();
        let schemas = &text["components"]["schemas"];
        let plans: Vec<&str> =
            Catalogue::builtin().plans().iter().map(|p| p.key.as_str()).collect();
        assert_eq!(schemas["PlanKey"]["enum"], json!(plans));
        let plan = &schemas["AnalyzeDowngradeRequest"]["properties"]["target_plan_key"];
        assert_eq!(plan["$ref"], "#/components/schemas/PlanKey", "{plan}");
        let bought = &schemas["PurchaseRequest"]["properties"]["plan_key"];
        assert_eq!(bought["$ref"], "#/components/schemas/PlanForSaleKey", "{bought}");
        let for_sale = schemas["PlanForSaleKey"]["enum"].as_array().unwrap();
        let free = Catalogue::builtin().free_plan().key.clone();
        assert!(
            !for_sale.contains(&json!(free)) && for_sale.len() + 1 == plans.len(),
            "{for_sale:?}"
        );
        let amount = &schemas["PurchaseCustomCreditsRequest"]["properties"]["credit_amount"];
        assert_eq!(
            amount["minimum"],
            Catalogue::builtin().custom_credits().min_credits,
            "{amount}"
        );
        let cycles: Vec<&str> = BillingCycle::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(schemas["BillingCycle"]["enum"], json!(cycles));
        let cycle = &schemas["PurchaseRequest"]["properties"]["billing_cycle"];
        assert_eq!(cycle["$ref"], "#/components/schemas/BillingCycle", "{cycle}");
        let optional = &schemas["CleanupNodesRequest"]["properties"]["billing_cycle"]["anyOf"];
        assert_eq!(optional[0]["$ref"], "#/components/schemas/BillingCycle", "{optional}");
        assert_eq!(optional[1]["type"], "null", "{optional}");
    }
}
