//! Nodes for tests, stored straight through the node store: each helper stores one node of a kind with
//! data that satisfies the connection rules, or with the data given.

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::geometry::Position;
use dastyar_core::status::CreationStatus;
use dastyar_server::store::nodes::{self, NewNode, NodeRow};
use serde_json::{Value, json};

use super::TestApp;
use super::nodes::SMS_API_KEY;

/// One user's project, to store nodes in.
#[derive(Clone, Copy)]
pub struct Canvas<'a> {
    pub app: &'a TestApp,
    pub user_id: i64,
    pub project_id: i64,
}

impl<'a> Canvas<'a> {
    pub fn new(app: &'a TestApp, user_id: i64, project_id: i64) -> Self {
        Canvas { app, user_id, project_id }
    }

    /// Stores a node of `kind` with `data` (its backend payload; missing
    /// fields take the kind's defaults) at `position`, answering its id.
    pub async fn node_at(
        &self,
        kind: NodeKind,
        data: Value,
        status: CreationStatus,
        position: Position,
        container_id: Option<i64>,
    ) -> i64 {
        let payload = NodePayload::from_json(kind, data).expect("valid test payload");
        let (width, height) = match &payload {
            NodePayload::Container(c) => (Some(c.width), Some(c.height)),
            _ => (None, None),
        };
        let node = NewNode {
            project_id: self.project_id,
            name: format!("{} آزمایشی", kind.label()),
            position,
            container_id,
            width,
            height,
            status,
            payload,
        };
        nodes::insert(&self.app.state.db, self.user_id, &node)
            .await
            .expect("insert")
            .expect("the project is the user's")
            .id
    }

    /// A node of `kind` with `data`, settled (`success`), at (100, 100).
    pub async fn node(&self, kind: NodeKind, data: Value) -> i64 {
        self.node_at(kind, data, CreationStatus::Success, Position { x: 100.0, y: 100.0 }, None)
            .await
    }

    /// An assistant created at the provider and settled.
    pub async fn assistant(&self) -> i64 {
        self.node(NodeKind::Assistant, json!({"assistant_id": "asst_test"})).await
    }

    pub async fn analyzer(&self) -> i64 {
        self.node(NodeKind::Analyzer, json!({"assistant_type": "conversation_analyzer"})).await
    }

    pub async fn vectorstore(&self, provider_id: Option<&str>) -> i64 {
        self.node(NodeKind::Vectorstore, json!({"vector_store_id": provider_id})).await
    }

    /// A complete function, waiting for an assistant.
    pub async fn function(&self) -> i64 {
        self.node_at(
            NodeKind::Function,
            json!({
                "name": "get_weather",
                "description": "هوای یک شهر",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
            }),
            CreationStatus::PendingAssistant,
            Position { x: 100.0, y: 100.0 },
            None,
        )
        .await
    }

    pub async fn telegram(&self) -> i64 {
        self.node(
            NodeKind::Telegram,
            json!({"bot_token": "123456:ABCdef", "bot_username": "dastyar_bot", "company_id": 77}),
        )
        .await
    }

    pub async fn iframe(&self, active: bool) -> i64 {
        self.node(
            NodeKind::Iframe,
            json!({"company_name": "شرکت نمونه", "authorized_domains": ["example.ir"],
                   "is_active": active, "company_id": 55}),
        )
        .await
    }

    pub async fn trigger(&self, template: &str) -> i64 {
        self.node(NodeKind::Trigger, json!({"message_template": template, "is_active": true})).await
    }

    pub async fn sms(&self) -> i64 {
        self.node(
            NodeKind::Sms,
            json!({"api_key": SMS_API_KEY, "receptor": "09123456789", "message": "سلام"}),
        )
        .await
    }

    pub async fn wordpress(&self) -> i64 {
        self.node(
            NodeKind::Wordpress,
            json!({"site_url": "https://blog.example.ir",
                   "auth_data": {"username": "admin", "applicationPassword": "abcd efgh"}}),
        )
        .await
    }

    pub async fn apidefinition(&self) -> i64 {
        self.node(NodeKind::Apidefinition, json!({"base_url": "https://api.example.ir"})).await
    }

    pub async fn request(&self, method: &str) -> i64 {
        self.node(NodeKind::Request, json!({"method": method, "endpoint": "/orders"})).await
    }

    pub async fn googledoc(&self, authorized: bool) -> i64 {
        let status = if authorized { "authorized" } else { "pending" };
        self.node(NodeKind::Googledoc, json!({"auth_status": status})).await
    }

    pub async fn googlesheet(&self) -> i64 {
        self.node(NodeKind::Googlesheet, json!({"auth_status": "authorized"})).await
    }

    pub async fn container_at(&self, x: f64, y: f64) -> i64 {
        self.node_at(
            NodeKind::Container,
            json!({"width": 400.0, "height": 300.0}),
            CreationStatus::Success,
            Position { x, y },
            None,
        )
        .await
    }

    /// A node of `kind` with the kind's defaults inside a container at `relative`.
    pub async fn child(
        &self,
        container_id: i64,
        kind: NodeKind,
        data: Value,
        x: f64,
        y: f64,
    ) -> i64 {
        self.node_at(kind, data, CreationStatus::Success, Position { x, y }, Some(container_id))
            .await
    }

    /// The stored row of a node of this user's (panics when there is none).
    pub async fn row(&self, id: i64) -> NodeRow {
        self.find(id).await.unwrap_or_else(|| panic!("node {id} is gone"))
    }

    pub async fn find(&self, id: i64) -> Option<NodeRow> {
        nodes::get(self.app.state.db.pool(), self.user_id, id).await.expect("get")
    }

    /// A node's stored payload as JSON.
    pub async fn data(&self, id: i64) -> Value {
        serde_json::to_value(self.row(id).await.payload().expect("payload")).unwrap()
    }
}
