//! The WordPress node: a site an assistant publishes posts to.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum WordpressAuthType {
    #[default]
    ApplicationPassword,
    Basic,
    Jwt,
}

/// The credentials; which ones are needed depends on [`WordpressAuthType`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[ts(export, export_to = "rules/")]
pub struct WordpressAuthData {
    pub username: String,
    pub application_password: String,
    pub password: String,
    pub jwt_token: String,
}

/// A credential in [`WordpressAuthData`], named by its key there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub enum WordpressAuthField {
    Username,
    ApplicationPassword,
    Password,
    JwtToken,
}

impl WordpressAuthField {
    /// Its key in `authData`.
    pub fn key(self) -> &'static str {
        match self {
            WordpressAuthField::Username => "username",
            WordpressAuthField::ApplicationPassword => "applicationPassword",
            WordpressAuthField::Password => "password",
            WordpressAuthField::JwtToken => "jwtToken",
        }
    }

    /// A secret: shown hidden unless asked.
    pub fn is_secret(self) -> bool {
        self != WordpressAuthField::Username
    }
}

impl WordpressAuthType {
    /// The credentials this type signs in with, in form order.
    pub fn fields(self) -> &'static [WordpressAuthField] {
        match self {
            WordpressAuthType::ApplicationPassword => {
                &[WordpressAuthField::Username, WordpressAuthField::ApplicationPassword]
            }
            WordpressAuthType::Basic => {
                &[WordpressAuthField::Username, WordpressAuthField::Password]
            }
            WordpressAuthType::Jwt => &[WordpressAuthField::JwtToken],
        }
    }
}

impl WordpressAuthData {
    pub fn get(&self, field: WordpressAuthField) -> &str {
        match field {
            WordpressAuthField::Username => &self.username,
            WordpressAuthField::ApplicationPassword => &self.application_password,
            WordpressAuthField::Password => &self.password,
            WordpressAuthField::JwtToken => &self.jwt_token,
        }
    }

    fn get_mut(&mut self, field: WordpressAuthField) -> &mut String {
        match field {
            WordpressAuthField::Username => &mut self.username,
            WordpressAuthField::ApplicationPassword => &mut self.application_password,
            WordpressAuthField::Password => &mut self.password,
            WordpressAuthField::JwtToken => &mut self.jwt_token,
        }
    }
}

/// `auth_data` with only `auth_type`'s credentials, the others blank, so a
/// password typed for basic is not kept once JWT is chosen.
pub fn auth_data_for(
    auth_type: WordpressAuthType,
    auth_data: &WordpressAuthData,
) -> WordpressAuthData {
    let mut kept = WordpressAuthData::default();
    for &field in auth_type.fields() {
        auth_data.get(field).clone_into(kept.get_mut(field));
    }
    kept
}

/// WordPress's own post statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum WordpressPostStatus {
    Publish,
    Future,
    #[default]
    Draft,
    Pending,
    Private,
}

/// WordPress's own post formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum WordpressPostFormat {
    #[default]
    Standard,
    Aside,
    Chat,
    Gallery,
    Link,
    Image,
    Quote,
    Status,
    Video,
    Audio,
}

/// A category, author or tag as read from the site, for pickers.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct WordpressTerm {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct WordpressData {
    #[serde(flatten)]
    pub base: NodeBase,
    // Connection.
    pub site_url: String,
    pub auth_type: WordpressAuthType,
    pub auth_data: WordpressAuthData,
    // Post defaults.
    pub post_status: WordpressPostStatus,
    pub post_format: WordpressPostFormat,
    // Post content.
    pub post_title: String,
    pub post_content: String,
    pub post_excerpt: String,
    pub slug: String,
    /// WordPress category ids.
    pub categories: Vec<i64>,
    /// WordPress tag ids.
    pub tags: Vec<i64>,
    /// An image URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub featured_image: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub author_id: Option<i64>,
    pub custom_fields: BTreeMap<String, Value>,
    /// RFC 3339; for `future` posts.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub publish_date: Option<String>,
    // Defaults and the lists read from the site.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default_category: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default_author: Option<i64>,
    pub default_tags: Vec<i64>,
    pub auto_publish: bool,
    pub wordpress_categories: Vec<WordpressTerm>,
    pub wordpress_authors: Vec<WordpressTerm>,
    pub wordpress_tags: Vec<WordpressTerm>,
    // Other.
    pub description: String,
    pub is_active: bool,
}

impl Default for WordpressData {
    fn default() -> Self {
        WordpressData {
            base: NodeBase::for_kind(NodeKind::Wordpress),
            site_url: String::new(),
            auth_type: WordpressAuthType::ApplicationPassword,
            auth_data: WordpressAuthData::default(),
            post_status: WordpressPostStatus::Draft,
            post_format: WordpressPostFormat::Standard,
            post_title: String::new(),
            post_content: String::new(),
            post_excerpt: String::new(),
            slug: String::new(),
            categories: Vec::new(),
            tags: Vec::new(),
            featured_image: None,
            author_id: None,
            custom_fields: BTreeMap::new(),
            publish_date: None,
            default_category: None,
            default_author: None,
            default_tags: Vec::new(),
            auto_publish: false,
            wordpress_categories: Vec::new(),
            wordpress_authors: Vec::new(),
            wordpress_tags: Vec::new(),
            description: String::new(),
            is_active: true,
        }
    }
}

impl WordpressData {
    pub fn to_payload(&self) -> WordpressPayload {
        WordpressPayload {
            site_url: self.site_url.clone(),
            auth_type: self.auth_type,
            auth_data: self.auth_data.clone(),
            post_status: self.post_status,
            post_format: self.post_format,
            post_title: self.post_title.clone(),
            post_content: self.post_content.clone(),
            post_excerpt: self.post_excerpt.clone(),
            slug: self.slug.clone(),
            categories: self.categories.clone(),
            tags: self.tags.clone(),
            featured_image: self.featured_image.clone(),
            author_id: self.author_id,
            custom_fields: self.custom_fields.clone(),
            publish_date: self.publish_date.clone(),
            default_category: self.default_category,
            default_author: self.default_author,
            default_tags: self.default_tags.clone(),
            auto_publish: self.auto_publish,
            wordpress_categories: self.wordpress_categories.clone(),
            wordpress_authors: self.wordpress_authors.clone(),
            wordpress_tags: self.wordpress_tags.clone(),
            description: self.description.clone(),
            is_active: self.is_active,
        }
    }

    pub fn from_payload(payload: WordpressPayload, base: NodeBase) -> Self {
        WordpressData {
            base,
            site_url: payload.site_url,
            auth_type: payload.auth_type,
            auth_data: payload.auth_data,
            post_status: payload.post_status,
            post_format: payload.post_format,
            post_title: payload.post_title,
            post_content: payload.post_content,
            post_excerpt: payload.post_excerpt,
            slug: payload.slug,
            categories: payload.categories,
            tags: payload.tags,
            featured_image: payload.featured_image,
            author_id: payload.author_id,
            custom_fields: payload.custom_fields,
            publish_date: payload.publish_date,
            default_category: payload.default_category,
            default_author: payload.default_author,
            default_tags: payload.default_tags,
            auto_publish: payload.auto_publish,
            wordpress_categories: payload.wordpress_categories,
            wordpress_authors: payload.wordpress_authors,
            wordpress_tags: payload.wordpress_tags,
            description: payload.description,
            is_active: payload.is_active,
        }
    }
}

/// The canvas fields in snake_case; `auth_data` keeps its camelCase inner keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct WordpressPayload {
    pub site_url: String,
    pub auth_type: WordpressAuthType,
    pub auth_data: WordpressAuthData,
    pub post_status: WordpressPostStatus,
    pub post_format: WordpressPostFormat,
    pub post_title: String,
    pub post_content: String,
    pub post_excerpt: String,
    pub slug: String,
    pub categories: Vec<i64>,
    pub tags: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub featured_image: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub author_id: Option<i64>,
    pub custom_fields: BTreeMap<String, Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub publish_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default_category: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default_author: Option<i64>,
    pub default_tags: Vec<i64>,
    pub auto_publish: bool,
    pub wordpress_categories: Vec<WordpressTerm>,
    pub wordpress_authors: Vec<WordpressTerm>,
    pub wordpress_tags: Vec<WordpressTerm>,
    pub description: String,
    pub is_active: bool,
}

impl Default for WordpressPayload {
    fn default() -> Self {
        WordpressData::default().to_payload()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL_TYPES: [WordpressAuthType; 3] =
        [WordpressAuthType::ApplicationPassword, WordpressAuthType::Basic, WordpressAuthType::Jwt];

    fn typed() -> WordpressAuthData {
        WordpressAuthData {
            username: "admin".into(),
            application_password: "abcd efgh".into(),
            password: "secret".into(),
            jwt_token: "eyJ.x.y".into(),
        }
    }

    #[test]
    fn keys_are_the_serde_names() {
        let json = serde_json::to_value(typed()).unwrap();
        for t in ALL_TYPES {
            for &field in t.fields() {
                assert_eq!(serde_json::to_value(field).unwrap(), field.key());
                assert_eq!(json[field.key()], typed().get(field), "{field:?}");
            }
        }
    }

    #[test]
    fn each_type_keeps_only_its_credentials() {
        let kept = |t| serde_json::to_value(auth_data_for(t, &typed())).unwrap();
        assert_eq!(
            kept(WordpressAuthType::ApplicationPassword),
            serde_json::json!({"username": "admin", "applicationPassword": "abcd efgh", "password": "", "jwtToken": ""})
        );
        assert_eq!(
            kept(WordpressAuthType::Basic),
            serde_json::json!({"username": "admin", "applicationPassword": "", "password": "secret", "jwtToken": ""})
        );
        assert_eq!(
            kept(WordpressAuthType::Jwt),
            serde_json::json!({"username": "", "applicationPassword": "", "password": "", "jwtToken": "eyJ.x.y"})
        );
    }

    #[test]
    fn only_the_user_name_is_shown() {
        let secrets: Vec<_> =
            ALL_TYPES.iter().flat_map(|t| t.fields()).filter(|f| !f.is_secret()).collect();
        assert_eq!(secrets, [&WordpressAuthField::Username, &WordpressAuthField::Username]);
    }
}
