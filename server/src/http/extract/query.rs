//! The query string as a typed value. Values are percent-decoded
//! (`application/x-www-form-urlencoded`, as browsers send them); a value of the
//! wrong shape answers 422 `invalid_input` naming the parameter. Unknown
//! parameters are ignored, as on every web page.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use dastyar_core::MessageCode;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parse(parts.uri.query().unwrap_or_default()).map(Query)
    }
}

/// A required positive id given as a query or form value: missing or blank
/// answers `field_required`, anything else but a positive integer
/// `invalid_input`, both on `field`.
pub fn positive_id(field: &str, value: Option<&str>) -> Result<i64, ApiError> {
    let value = value
        .map(str::trim)
        .filter(|value| !value.is_empty())
        .ok_or_else(|| ApiError::invalid(field, MessageCode::FieldRequired))?;
    value.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::InvalidInput {
        field: Some(field.to_owned()),
        reason: "a positive integer was expected".into(),
    })
}

fn parse<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    // `%00` decodes to U+0000, which PostgreSQL cannot store (see `json_input`).
    if let Some((name, _)) =
        form_urlencoded::parse(query.as_bytes()).find(|(k, v)| k.contains('\0') || v.contains('\0'))
    {
        // Named as `json_input` names it: no answer holds the character itself.
        return Err(ApiError::invalid(name.replace('\0', "\\u0000"), MessageCode::TextHasNul));
    }
    let deserializer =
        serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(deserializer).map_err(|error| {
        let path = error.path().to_string();
        ApiError::InvalidInput {
            field: (path != ".").then_some(path),
            reason: error.into_inner().to_string(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn a_nul_in_a_parameter_is_refused_on_it() {
        let refused = parse::<std::collections::HashMap<String, String>>("page=1&q=a%00b");
        assert!(
            matches!(refused, Err(ApiError::Invalid { ref field, code: MessageCode::TextHasNul }) if field == "q"),
            "{refused:?}"
        );
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Paging {
        page: Option<i64>,
        name: Option<String>,
        #[serde(rename = "Status")]
        status: Option<String>,
    }

    #[test]
    fn values_are_percent_decoded() {
        let paging: Paging = parse("page=2&name=%D8%B3%D9%84%D8%A7%D9%85+a&Status=OK").unwrap();
        assert_eq!(
            paging,
            Paging { page: Some(2), name: Some("سلام a".into()), status: Some("OK".into()) }
        );
    }

    #[test]
    fn missing_and_unknown_parameters() {
        let paging: Paging = parse("other=1").unwrap();
        assert_eq!(paging, Paging { page: None, name: None, status: None });
        let empty: Paging = parse("").unwrap();
        assert_eq!(empty.page, None);
    }

    #[test]
    fn positive_ids() {
        assert_eq!(positive_id("node_id", Some(" 12 ")).ok(), Some(12));
        let code = |value| match positive_id("node_id", value) {
            Err(ApiError::Invalid { field, code }) => format!("{field}:{}", code.code()),
            Err(ApiError::InvalidInput { field, .. }) => {
                format!("{}:invalid_input", field.unwrap())
            }
            other => panic!("unexpected {other:?}"),
        };
        assert_eq!(code(None), "node_id:field_required");
        assert_eq!(code(Some(" ")), "node_id:field_required");
        assert_eq!(code(Some("0")), "node_id:invalid_input");
        assert_eq!(code(Some("x")), "node_id:invalid_input");
    }

    #[test]
    fn a_bad_value_names_its_parameter() {
        match parse::<Paging>("page=two") {
            Err(ApiError::InvalidInput { field, .. }) => assert_eq!(field.as_deref(), Some("page")),
            other => panic!("unexpected {other:?}"),
        }
    }
}
