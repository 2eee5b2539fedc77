//! A request's parameters as `WP_REST_Request` merges them: the JSON body,
//! else a form body, over the query string. Values are read as the REST
//! API's schema sanitises them (`"3"` is the integer 3, `"1,2"` a list of
//! two ids) and refused in its words.

use serde_json::{Map, Value};

/// A parameter problem: its name, WordPress's code and message.
pub(super) type Problem = (&'static str, &'static str, String);

pub(super) struct Params(Map<String, Value>);

impl Params {
    pub(super) fn new(query: &[(String, String)], body: Option<Map<String, Value>>) -> Params {
        let mut map: Map<String, Value> =
            query.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
        map.extend(body.unwrap_or_default());
        Params(map)
    }

    pub(super) fn has(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }

    pub(super) fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name)
    }

    pub(super) fn int(&self, name: &'static str) -> Result<Option<i64>, Problem> {
        match self.0.get(name) {
            None => Ok(None),
            Some(value) => as_int(value).map(Some).ok_or_else(|| not_integer(name)),
        }
    }

    /// A list of ids: an array, or a comma-separated string.
    pub(super) fn ints(&self, name: &'static str) -> Result<Option<Vec<i64>>, Problem> {
        let items: Vec<Value> = match self.0.get(name) {
            None => return Ok(None),
            Some(Value::Array(items)) => items.clone(),
            Some(Value::String(text)) if text.trim().is_empty() => Vec::new(),
            Some(Value::String(text)) => {
                text.split(',').map(|s| Value::String(s.trim().to_owned())).collect()
            }
            Some(other) => vec![other.clone()],
        };
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                as_int(item).ok_or_else(|| {
                    (name, "rest_invalid_type", format!("{name}[{i}] is not of type integer."))
                })
            })
            .collect::<Result<Vec<i64>, Problem>>()
            .map(Some)
    }

    pub(super) fn string(&self, name: &'static str) -> Result<Option<String>, Problem> {
        match self.0.get(name) {
            None => Ok(None),
            Some(Value::String(text)) => Ok(Some(text.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(_) => Err((name, "rest_invalid_type", format!("{name} is not of type string."))),
        }
    }

    /// A post field given as a string or as `{"raw": ...}`, as the posts
    /// controller takes `title`, `content` and `excerpt`.
    pub(super) fn raw_text(&self, name: &str) -> Option<String> {
        match self.0.get(name)? {
            Value::String(text) => Some(text.clone()),
            Value::Object(object) => object.get("raw")?.as_str().map(str::to_owned),
            _ => None,
        }
    }

    pub(super) fn one_of(
        &self,
        name: &'static str,
        allowed: &[&str],
    ) -> Result<Option<String>, Problem> {
        let Some(value) = self.string(name)? else { return Ok(None) };
        if allowed.contains(&value.as_str()) {
            Ok(Some(value))
        } else {
            Err((name, "rest_not_in_enum", format!("{name} is not one of {}.", allowed.join(", "))))
        }
    }

    pub(super) fn flag(&self, name: &'static str) -> Result<Option<bool>, Problem> {
        match self.0.get(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(Value::String(s)) if matches!(s.as_str(), "1" | "true") => Ok(Some(true)),
            Some(Value::String(s)) if matches!(s.as_str(), "0" | "false" | "") => Ok(Some(false)),
            Some(_) => Err((name, "rest_invalid_type", format!("{name} is not of type boolean."))),
        }
    }
}

fn as_int(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn not_integer(name: &'static str) -> Problem {
    (name, "rest_invalid_type", format!("{name} is not of type integer."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_body_wins_over_the_query_and_strings_are_read_as_numbers() {
        let query =
            [("page".to_owned(), "2".to_owned()), ("status".to_owned(), "draft".to_owned())];
        let body = json!({"status": "publish", "categories": [3, "4"], "tags": "5, 6"});
        let params = Params::new(&query, body.as_object().cloned());
        assert_eq!(params.int("page"), Ok(Some(2)));
        assert_eq!(params.string("status"), Ok(Some("publish".into())));
        assert_eq!(params.ints("categories"), Ok(Some(vec![3, 4])));
        assert_eq!(params.ints("tags"), Ok(Some(vec![5, 6])));
        let bad = Params::new(&[], json!({"author": "x", "tags": [1, "y"]}).as_object().cloned());
        assert_eq!(bad.int("author").unwrap_err().2, "author is not of type integer.");
        assert_eq!(bad.ints("tags").unwrap_err().2, "tags[1] is not of type integer.");
        assert_eq!(bad.one_of("author", &["a", "b"]).unwrap_err().2, "author is not one of a, b.");
    }
}
