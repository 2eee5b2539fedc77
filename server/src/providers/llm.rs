//! The language-model provider: an OpenAI-compatible API at
//! `DASTYAR_LLM_BASE_URL` (OpenAI, Ollama, vLLM...), with
//! `DASTYAR_LLM_API_KEY` as its bearer key.
//!
//! Creating an assistant ends with [`LlmProvider::register_assistant`]: the
//! one place that tells the provider about it. Without a provider the
//! assistant is kept in Dastyar only (`not_configured`). With a provider
//! configured this build does not call it yet: the assistant is recorded as
//! `pending_registration`, and the assistant runtime (which speaks the
//! chat-completions protocol) completes the registration through this same
//! function. No registration is ever reported that did not happen.

use std::fmt;

use dastyar_core::data::assistant::{AssistantType, ProviderStatus};

use crate::config::LlmSettings;

/// What the provider is told about a new assistant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AssistantSpec<'a> {
    pub name: &'a str,
    pub model: &'a str,
    pub instructions: &'a str,
    pub assistant_type: AssistantType,
}

/// What registering an assistant came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Registration {
    /// No provider is configured; the assistant has no provider id.
    NotConfigured,
    /// A provider is configured; the assistant waits to be registered with it.
    Pending,
    /// The provider knows the assistant under this id.
    Registered { assistant_id: String },
}

impl Registration {
    pub fn provider_status(&self) -> ProviderStatus {
        match self {
            Registration::NotConfigured => ProviderStatus::NotConfigured,
            Registration::Pending => ProviderStatus::PendingRegistration,
            Registration::Registered { .. } => ProviderStatus::Registered,
        }
    }

    /// The provider's id for the assistant, once it has one.
    pub fn assistant_id(&self) -> Option<&str> {
        match self {
            Registration::Registered { assistant_id } => Some(assistant_id),
            Registration::NotConfigured | Registration::Pending => None,
        }
    }
}

/// The provider refused or could not be reached; the text is for the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderError(pub String);

impl fmt::Display for ProviderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProviderError {}

/// The configured provider, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LlmProvider {
    /// `DASTYAR_LLM_BASE_URL` is unset (or blank).
    NotConfigured,
    /// An OpenAI-compatible API, `base_url` ending in `/v1`.
    OpenAiCompatible { base_url: String, api_key: Option<String> },
}

impl LlmProvider {
    pub fn from_settings(settings: &LlmSettings) -> LlmProvider {
        let text = |v: &Option<String>| {
            v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
        };
        match text(&settings.base_url) {
            None => LlmProvider::NotConfigured,
            Some(base_url) => LlmProvider::OpenAiCompatible {
                base_url: base_url.trim_end_matches('/').to_owned(),
                api_key: text(&settings.api_key),
            },
        }
    }

    pub fn is_configured(&self) -> bool {
        matches!(self, LlmProvider::OpenAiCompatible { .. })
    }

    /// Tells the provider about a new assistant (see the module documentation
    /// for what a configured provider does in this build).
    pub async fn register_assistant(
        &self,
        _assistant: &AssistantSpec<'_>,
    ) -> Result<Registration, ProviderError> {
        Ok(match self {
            LlmProvider::NotConfigured => Registration::NotConfigured,
            LlmProvider::OpenAiCompatible { .. } => Registration::Pending,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(base_url: Option<&str>, api_key: Option<&str>) -> LlmSettings {
        LlmSettings { base_url: base_url.map(Into::into), api_key: api_key.map(Into::into) }
    }

    #[test]
    fn a_blank_base_url_is_no_provider() {
        assert_eq!(LlmProvider::from_settings(&settings(None, None)), LlmProvider::NotConfigured);
        assert_eq!(
            LlmProvider::from_settings(&settings(Some("  "), Some("k"))),
            LlmProvider::NotConfigured
        );
        assert_eq!(
            LlmProvider::from_settings(&settings(Some("http://127.0.0.1:11434/v1/"), Some(" "))),
            LlmProvider::OpenAiCompatible {
                base_url: "http://127.0.0.1:11434/v1".into(),
                api_key: None
            }
        );
    }

    #[tokio::test]
    async fn registration_says_what_happened() {
        let spec = AssistantSpec {
            name: "n",
            model: "m",
            instructions: "i",
            assistant_type: AssistantType::Regular,
        };
        let none = LlmProvider::NotConfigured.register_assistant(&spec).await.unwrap();
        assert_eq!(none.provider_status(), ProviderStatus::NotConfigured);
        assert_eq!(none.assistant_id(), None);
        let configured = LlmProvider::from_settings(&settings(Some("http://x/v1"), None));
        let pending = configured.register_assistant(&spec).await.unwrap();
        assert_eq!(pending.provider_status(), ProviderStatus::PendingRegistration);
        assert_eq!(pending.assistant_id(), None);
        let registered = Registration::Registered { assistant_id: "asst_1".into() };
        assert_eq!(registered.provider_status(), ProviderStatus::Registered);
        assert_eq!(registered.assistant_id(), Some("asst_1"));
    }
}
