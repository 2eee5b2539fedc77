//! The language-model provider: an OpenAI-compatible API at
//! `DASTYAR_LLM_BASE_URL` (OpenAI, Ollama, vLLM, the gateways Persian users
//! rely on), with `DASTYAR_LLM_API_KEY` as its bearer key. Without one the
//! product still runs; whatever needs a model answers with
//! [`LlmError::NotConfigured`], whose Persian message says what to set.

mod client;
mod error;
mod protocol;
mod stream;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dastyar_core::data::assistant::ProviderStatus;
use rand::distr::{Alphanumeric, SampleString};

pub use client::OpenAiClient;
pub use error::LlmError;
pub use protocol::{
    ChatCompletion, ChatMessage, ChatRequest, FunctionCall, ModelEntry, ToolCall, ToolDefinition,
    Usage,
};
pub use stream::{ChatStream, Finished, StreamEvent};

use crate::config::LlmSettings;

/// How long a listing of the provider's models is reused.
const MODELS_FRESH_FOR: Duration = Duration::from_secs(60);

/// What registering an assistant came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Registration {
    /// No provider is configured; the assistant has no provider id.
    NotConfigured,
    /// The provider serves the assistant's model; the assistant answers
    /// under this id (ours, stable across re-registrations).
    Registered { assistant_id: String },
}

impl Registration {
    pub fn provider_status(&self) -> ProviderStatus {
        match self {
            Registration::NotConfigured => ProviderStatus::NotConfigured,
            Registration::Registered { .. } => ProviderStatus::Registered,
        }
    }

    /// The assistant's id, once it has one.
    pub fn assistant_id(&self) -> Option<&str> {
        match self {
            Registration::Registered { assistant_id } => Some(assistant_id),
            Registration::NotConfigured => None,
        }
    }
}

/// The configured provider, if any, with a short-lived cache of its models.
#[derive(Debug)]
pub struct LlmProvider {
    client: Option<OpenAiClient>,
    /// `DASTYAR_EMBEDDING_MODEL`, when set (and a provider is).
    embedding_model: Option<String>,
    models: Mutex<Option<(Instant, Arc<Vec<ModelEntry>>)>>,
}

impl LlmProvider {
    pub fn from_settings(settings: &LlmSettings) -> LlmProvider {
        let text = |v: &Option<String>| {
            v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
        };
        let client = text(&settings.base_url).map(|base_url| {
            OpenAiClient::new(
                base_url.trim_end_matches('/').to_owned(),
                text(&settings.api_key),
                Duration::from_secs(settings.timeout_secs),
            )
        });
        let embedding_model = client.as_ref().and(text(&settings.embedding_model));
        LlmProvider { client, embedding_model, models: Mutex::new(None) }
    }

    pub fn is_configured(&self) -> bool {
        self.client.is_some()
    }

    /// The client, or the error that says what to configure.
    pub fn client(&self) -> Result<&OpenAiClient, LlmError> {
        self.client.as_ref().ok_or(LlmError::NotConfigured)
    }

    /// The model knowledge is embedded with, when there is one.
    pub fn embedding_model(&self) -> Option<&str> {
        self.embedding_model.as_deref()
    }

    /// One vector per text by the embedding model, or what stood in the way.
    pub async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, LlmError> {
        let model = self.embedding_model().ok_or(LlmError::NotConfigured)?;
        self.client()?.embeddings(model, texts).await
    }

    /// The provider's models, from a listing at most a minute old.
    pub async fn models(&self) -> Result<Arc<Vec<ModelEntry>>, LlmError> {
        let client = self.client()?;
        if let Some((at, models)) = self.models.lock().expect("not poisoned").as_ref()
            && at.elapsed() < MODELS_FRESH_FOR
        {
            return Ok(models.clone());
        }
        let mut fetched = client.models().await?;
        fetched.sort_by(|a, b| a.id.cmp(&b.id));
        let fetched = Arc::new(fetched);
        *self.models.lock().expect("not poisoned") = Some((Instant::now(), fetched.clone()));
        Ok(fetched)
    }

    /// Registers an assistant: checks that the provider serves its model and
    /// gives it an id (keeping `existing_id`, so a retry does not rename it).
    pub async fn register_assistant(
        &self,
        model: &str,
        existing_id: Option<&str>,
    ) -> Result<Registration, LlmError> {
        let Some(client) = &self.client else { return Ok(Registration::NotConfigured) };
        if !client.has_model(model).await? {
            return Err(LlmError::UnknownModel(model.to_owned()));
        }
        let assistant_id = existing_id
            .filter(|id| !id.is_empty())
            .map(str::to_owned)
            .unwrap_or_else(new_assistant_id);
        Ok(Registration::Registered { assistant_id })
    }
}

/// `asst_` and 24 letters and digits, as OpenAI's assistant ids look.
fn new_assistant_id() -> String {
    format!("asst_{}", Alphanumeric.sample_string(&mut rand::rng(), 24))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(base_url: Option<&str>, api_key: Option<&str>) -> LlmSettings {
        LlmSettings {
            base_url: base_url.map(Into::into),
            api_key: api_key.map(Into::into),
            timeout_secs: 5,
            embedding_model: None,
        }
    }

    #[test]
    fn a_blank_base_url_is_no_provider() {
        assert!(!LlmProvider::from_settings(&settings(None, None)).is_configured());
        assert!(!LlmProvider::from_settings(&settings(Some("  "), Some("k"))).is_configured());
        let ollama =
            LlmProvider::from_settings(&settings(Some("http://127.0.0.1:11434/v1/"), Some(" ")));
        assert_eq!(ollama.client().unwrap().base_url(), "http://127.0.0.1:11434/v1");
    }

    #[test]
    fn an_embedding_model_needs_a_provider() {
        let with = |base_url, model: Option<&str>| {
            let settings =
                LlmSettings { embedding_model: model.map(Into::into), ..settings(base_url, None) };
            LlmProvider::from_settings(&settings).embedding_model().map(str::to_owned)
        };
        assert_eq!(
            with(Some("http://x/v1"), Some(" nomic-embed-text ")).as_deref(),
            Some("nomic-embed-text")
        );
        assert_eq!(with(Some("http://x/v1"), Some(" ")), None);
        assert_eq!(with(None, Some("nomic-embed-text")), None);
    }

    #[tokio::test]
    async fn without_a_provider_registration_says_so() {
        let none = LlmProvider::from_settings(&settings(None, None));
        let registration = none.register_assistant("gpt-4.1-nano", None).await.unwrap();
        assert_eq!(registration.provider_status(), ProviderStatus::NotConfigured);
        assert_eq!(registration.assistant_id(), None);
        assert_eq!(none.models().await.unwrap_err(), LlmError::NotConfigured);
    }

    #[test]
    fn assistant_ids_look_like_the_providers() {
        let id = new_assistant_id();
        assert!(id.starts_with("asst_") && id.len() == 29, "{id}");
        assert_ne!(id, new_assistant_id());
    }
}
