//! Google's OAuth 2.0 for web server apps (authorization code with PKCE,
//! refresh) and the read-only calls a Docs or Sheets source makes: Drive's
//! file metadata and text export, Sheets' tabs and values. Base URLs come
//! from `DASTYAR_GOOGLE_AUTH_URL`, `_TOKEN_URL`, `_API_URL` (Drive) and
//! `_SHEETS_API_URL` (Sheets, a host of its own at Google); no token is ever
//! put in an error.

mod error;

use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;

pub use error::GoogleError;

use crate::config::GoogleSettings;

/// How long one call to Google may take.
const TIMEOUT: Duration = Duration::from_secs(30);
/// Reading both docs and sheets; `drive.readonly` covers Drive export and Sheets.
pub const SCOPE: &str = "https://www.googleapis.com/auth/drive.readonly";

/// A configured OAuth client.
#[derive(Debug, Clone)]
pub struct GoogleClient {
    http: reqwest::Client,
    client_id: String,
    client_secret: String,
    auth_url: String,
    token_url: String,
    api_url: String,
    sheets_api_url: String,
}

/// What the token endpoint answers.
#[derive(Debug, Clone, Deserialize)]
pub struct Tokens {
    pub access_token: String,
    /// Seconds.
    #[serde(default)]
    pub expires_in: u64,
    /// Given on the first consent (and with `prompt=consent`); a refresh keeps the old one.
    #[serde(default)]
    pub refresh_token: Option<String>,
}

/// A Drive file's metadata.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileMeta {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub mime_type: String,
    /// Moves on with every change: what the re-sync compares.
    #[serde(default)]
    pub version: Option<String>,
    #[serde(default)]
    pub modified_time: Option<String>,
}

impl FileMeta {
    /// The version, or the modified time when Drive gives no version.
    pub fn change_mark(&self) -> String {
        self.version.clone().or_else(|| self.modified_time.clone()).unwrap_or_default()
    }
}

impl GoogleClient {
    /// The client configured, if its id and secret are set.
    pub fn from_settings(settings: &GoogleSettings, http: reqwest::Client) -> Option<GoogleClient> {
        Some(GoogleClient {
            http,
            client_id: set(&settings.client_id)?.to_owned(),
            client_secret: set(&settings.client_secret)?.to_owned(),
            auth_url: settings.auth_url.clone(),
            token_url: settings.token_url.clone(),
            api_url: settings.api_url.trim_end_matches('/').to_owned(),
            sheets_api_url: settings.sheets_api_url.trim_end_matches('/').to_owned(),
        })
    }

    /// Where the owner consents: offline access (a refresh token), consent
    /// asked again so a new refresh token comes, PKCE S256.
    pub fn authorize_url(&self, redirect_uri: &str, state: &str, challenge: &str) -> String {
        let mut url = match reqwest::Url::parse(&self.auth_url) {
            Ok(url) => url,
            Err(_) => return self.auth_url.clone(),
        };
        url.query_pairs_mut()
            .append_pair("client_id", &self.client_id)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("response_type", "code")
            .append_pair("scope", SCOPE)
            .append_pair("access_type", "offline")
            .append_pair("prompt", "consent")
            .append_pair("include_granted_scopes", "true")
            .append_pair("state", state)
            .append_pair("code_challenge", challenge)
            .append_pair("code_challenge_method", "S256");
        url.to_string()
    }

    /// Exchanges the code Google sent back, with the flow's verifier.
    pub async fn exchange(
        &self,
        code: &str,
        verifier: &str,
        redirect_uri: &str,
    ) -> Result<Tokens, GoogleError> {
        self.token(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("code_verifier", verifier),
            ("redirect_uri", redirect_uri),
        ])
        .await
    }

    /// A new access token for a refresh token.
    pub async fn refresh(&self, refresh_token: &str) -> Result<Tokens, GoogleError> {
        self.token(&[("grant_type", "refresh_token"), ("refresh_token", refresh_token)]).await
    }

    async fn token(&self, params: &[(&str, &str)]) -> Result<Tokens, GoogleError> {
        let mut form = vec![("client_id", self.client_id.as_str())];
        form.push(("client_secret", self.client_secret.as_str()));
        form.extend_from_slice(params);
        let body = serde_urlencoded::to_string(&form)
            .map_err(|e| GoogleError::Unreachable(format!("a form that does not encode: {e}")))?;
        let response = self
            .http
            .post(&self.token_url)
            .timeout(TIMEOUT)
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .map_err(|e| GoogleError::Unreachable(e.without_url().to_string()))?;
        let status = response.status().as_u16();
        let body = response.text().await.map_err(|e| GoogleError::Unreachable(e.to_string()))?;
        if !(200..300).contains(&status) {
            return Err(GoogleError::of(status, &body));
        }
        serde_json::from_str(&body).map_err(|e| {
            GoogleError::Unreachable(format!("a token answer that does not read: {e}"))
        })
    }

    /// Drive's metadata of a file.
    pub async fn file(&self, access: &str, id: &str) -> Result<FileMeta, GoogleError> {
        let path = format!("/drive/v3/files/{}", segment(id));
        let query = [("fields", "name,mimeType,version,modifiedTime")];
        let body = self.get(access, &self.api_url, &path, &query).await?;
        serde_json::from_str(&body).map_err(|e| GoogleError::Unreachable(e.to_string()))
    }

    /// A Google doc's text (Drive's plain-text export).
    pub async fn export_text(&self, access: &str, id: &str) -> Result<String, GoogleError> {
        let path = format!("/drive/v3/files/{}/export", segment(id));
        let text = self.get(access, &self.api_url, &path, &[("mimeType", "text/plain")]).await?;
        Ok(text.trim_start_matches('\u{feff}').to_owned())
    }

    /// A spreadsheet's tab titles, in order.
    pub async fn sheet_titles(&self, access: &str, id: &str) -> Result<Vec<String>, GoogleError> {
        let path = format!("/v4/spreadsheets/{}", segment(id));
        let query = [("fields", "sheets.properties")];
        let body = self.get(access, &self.sheets_api_url, &path, &query).await?;
        let json: Value =
            serde_json::from_str(&body).map_err(|e| GoogleError::Unreachable(e.to_string()))?;
        let sheets = json["sheets"].as_array().cloned().unwrap_or_default();
        Ok(sheets
            .iter()
            .filter_map(|s| s["properties"]["title"].as_str().map(str::to_owned))
            .collect())
    }

    /// A tab's rows as formatted values (trailing empty cells dropped).
    pub async fn values(
        &self,
        access: &str,
        id: &str,
        title: &str,
    ) -> Result<Vec<Vec<String>>, GoogleError> {
        // A quoted title is the whole tab, whatever characters it has.
        let range = format!("'{}'", title.replace('\'', "''"));
        let path = format!("/v4/spreadsheets/{}/values/{}", segment(id), segment(&range));
        let query = [("majorDimension", "ROWS")];
        let body = self.get(access, &self.sheets_api_url, &path, &query).await?;
        let json: Value =
            serde_json::from_str(&body).map_err(|e| GoogleError::Unreachable(e.to_string()))?;
        let rows = json["values"].as_array().cloned().unwrap_or_default();
        Ok(rows
            .iter()
            .map(|row| {
                let cells = row.as_array().cloned().unwrap_or_default();
                cells
                    .iter()
                    .map(|cell| match cell {
                        Value::String(s) => s.clone(),
                        Value::Null => String::new(),
                        other => other.to_string(),
                    })
                    .collect()
            })
            .collect())
    }

    /// `base` is the Drive or the Sheets API's base URL.
    async fn get(
        &self,
        access: &str,
        base: &str,
        path: &str,
        query: &[(&str, &str)],
    ) -> Result<String, GoogleError> {
        let query = serde_urlencoded::to_string(query)
            .map_err(|e| GoogleError::Unreachable(format!("a query that does not encode: {e}")))?;
        let response = self
            .http
            .get(format!("{base}{path}?{query}"))
            .timeout(TIMEOUT)
            .bearer_auth(access)
            .send()
            .await
            .map_err(|e| GoogleError::Unreachable(e.without_url().to_string()))?;
        let status = response.status().as_u16();
        let body = response.text().await.map_err(|e| GoogleError::Unreachable(e.to_string()))?;
        if (200..300).contains(&status) { Ok(body) } else { Err(GoogleError::of(status, &body)) }
    }
}

fn set(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// One path segment, percent-encoded (ids and A1 ranges are the user's text).
fn segment(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>().replace('+', "%20")
}
