//! Projects: create, list, read, rename, categorise, thumbnail, delete, and
//! nobody else's business.

mod common;

use axum::http::StatusCode;
use common::png::{data_url, png};
use common::{TestApp, for_each_backend};
use serde_json::{Value, json};

async fn project(app: &TestApp, token: &str, id: i64) -> Value {
    let response = app.get(&format!("/api/projects/{id}"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

#[tokio::test]
async fn create_list_show_rename_categorise_delete() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        assert_eq!(app.get("/api/projects", Some(token)).await.json(), json!([]));

        let created = app
            .post("/api/playground/projects", Some(token), json!({"name": "  پروژهٔ اول  "}))
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
        let first = created.json();
        assert_eq!(first["name"], "پروژهٔ اول");
        assert_eq!(first["category"], Value::Null);
        assert_eq!(first["thumbnail"], Value::Null);
        let created_at = first["created_at"].as_str().unwrap();
        assert!(created_at.ends_with('Z') && created_at.len() == 27, "{created_at}");
        assert_eq!(first["updated_at"], first["created_at"]);
        let first_id = first["id"].as_i64().unwrap();
        let second_id = app.create_project(token, "دومی").await;

        // Newest first, with every listed field.
        let list = app.get("/api/projects", Some(token)).await.json();
        let ids: Vec<i64> =
            list.as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
        assert_eq!(ids, vec![second_id, first_id]);
        let mut keys: Vec<&String> = list[0].as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, ["category", "created_at", "id", "name", "thumbnail", "updated_at"]);

        assert_eq!(project(&app, token, first_id).await, first);

        let renamed = app
            .put(
                &format!("/api/projects/{first_id}/rename"),
                Some(token),
                json!({"name": " نام تازه "}),
            )
            .await;
        assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text());
        let renamed = renamed.json();
        assert_eq!(renamed["name"], "نام تازه");
        assert_eq!(renamed["created_at"], first["created_at"]);
        assert!(renamed["updated_at"].as_str().unwrap() >= first["updated_at"].as_str().unwrap());

        let categorised = app
            .put(
                &format!("/api/projects/{first_id}/category"),
                Some(token),
                json!({"category": " فروش "}),
            )
            .await;
        assert_eq!(categorised.status, StatusCode::OK, "{}", categorised.text());
        assert_eq!(categorised.json()["category"], "فروش");
        assert_eq!(project(&app, token, first_id).await["category"], "فروش");
        // null or blank clears it.
        let cleared = app
            .put(
                &format!("/api/projects/{first_id}/category"),
                Some(token),
                json!({"category": null}),
            )
            .await;
        assert_eq!(cleared.json()["category"], Value::Null);
        app.put(
            &format!("/api/projects/{first_id}/category"),
            Some(token),
            json!({"category": "x"}),
        )
        .await;
        let cleared = app
            .put(
                &format!("/api/projects/{first_id}/category"),
                Some(token),
                json!({"category": "  "}),
            )
            .await;
        assert_eq!(cleared.json()["category"], Value::Null);

        let deleted = app.delete(&format!("/api/projects/{first_id}"), Some(token)).await;
        assert_eq!(deleted.status, StatusCode::NO_CONTENT);
        app.get(&format!("/api/projects/{first_id}"), Some(token))
            .await
            .assert_error(404, "not_found");
        app.delete(&format!("/api/projects/{first_id}"), Some(token))
            .await
            .assert_error(404, "not_found");
        let list = app.get("/api/projects", Some(token)).await.json();
        assert_eq!(list.as_array().unwrap().len(), 1);
    })
    .await;
}

#[tokio::test]
async fn names_and_categories_are_validated() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("names@example.com").await;
        let token = token.as_str();
        let create = |body: Value| app.post("/api/playground/projects", Some(token), body);
        create(json!({"name": "   "})).await.assert_invalid("name", "field_required");
        create(json!({"name": ""})).await.assert_invalid("name", "field_required");
        create(json!({})).await.assert_invalid("name", "field_required");
        create(json!({"name": 12})).await.assert_invalid("name", "invalid_input");
        create(json!({"name": "ب".repeat(201)})).await.assert_invalid("name", "invalid_input");
        assert_eq!(create(json!({"name": "ب".repeat(200)})).await.status, StatusCode::CREATED);

        let id = app.create_project(token, "درست").await;
        let rename_path = format!("/api/projects/{id}/rename");
        let rename = |body: Value| app.put(&rename_path, Some(token), body);
        rename(json!({"name": " \t "})).await.assert_invalid("name", "field_required");
        rename(json!({"name": null})).await.assert_invalid("name", "invalid_input");
        rename(json!({"name": "x".repeat(201)})).await.assert_invalid("name", "invalid_input");

        let category_path = format!("/api/projects/{id}/category");
        let category = |body: Value| app.put(&category_path, Some(token), body);
        category(json!({"category": "x".repeat(101)}))
            .await
            .assert_invalid("category", "invalid_input");
        category(json!({"category": 5})).await.assert_invalid("category", "invalid_input");
        category(json!({})).await.assert_invalid("category", "field_required");

        // Nothing was changed by the refused calls.
        let project = project(&app, token, id).await;
        assert_eq!(project["name"], "درست");
        assert_eq!(project["category"], Value::Null);
    })
    .await;
}

#[tokio::test]
async fn thumbnails_must_be_real_small_pngs() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("thumbs@example.com").await;
        let token = token.as_str();
        let id = app.create_project(token, "با تصویر").await;
        let path = format!("/api/projects/{id}/thumbnail");
        let put = |thumbnail: Value| app.put(&path, Some(token), json!({ "thumbnail": thumbnail }));

        // The canvas's 400x300 picture.
        let picture = data_url(&png(400, 300));
        let response = put(json!(picture)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert_eq!(response.json()["thumbnail"], picture);
        assert_eq!(project(&app, token, id).await["thumbnail"], picture);
        let listed = app.get("/api/projects", Some(token)).await.json();
        assert_eq!(listed[0]["thumbnail"], picture);

        // A classic 1x1 PNG made by another encoder.
        let tiny = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
        assert_eq!(put(json!(tiny)).await.status, StatusCode::OK);

        let refused = |reason: &'static str| move |details: Value| {
            assert_eq!(details["field"], "thumbnail", "{details}");
            assert!(details["reason"].as_str().unwrap().contains(reason), "{details}");
        };
        // Not a PNG data URL.
        refused("data:image/png")(put(json!("https://example.com/a.png")).await.assert_error(422, "invalid_input"));
        refused("data:image/png")(put(json!("data:image/jpeg;base64,/9j/4AAQ")).await.assert_error(422, "invalid_input"));
        // Bad base64.
        refused("base64")(put(json!("data:image/png;base64,not*base64!")).await.assert_error(422, "invalid_input"));
        // Decodes, but is not a PNG.
        let text = data_url(b"just some text pretending to be a picture, long enough to look like one");
        refused("PNG")(put(json!(text)).await.assert_error(422, "invalid_input"));
        let mut truncated = png(10, 10);
        truncated.truncate(truncated.len() - 12);
        refused("PNG")(put(json!(data_url(&truncated))).await.assert_error(422, "invalid_input"));
        // Too large: over 1 MiB decoded, or over 4096 pixels a side.
        refused("too large")(put(json!(data_url(&png(1100, 1000)))).await.assert_error(422, "invalid_input"));
        refused("too large")(put(json!(data_url(&png(5000, 1)))).await.assert_error(422, "invalid_input"));
        // Wrong type.
        put(json!(42)).await.assert_invalid("thumbnail", "invalid_input");

        assert_eq!(project(&app, token, id).await["thumbnail"], tiny);
    })
    .await;
}

#[tokio::test]
async fn another_users_projects_are_not_found() {
    for_each_backend(|app| async move {
        let (owner, _) = app.register("owner@example.com").await;
        let (other, _) = app.register("other@example.com").await;
        let id = app.create_project(&owner, "خصوصی").await;
        let other = Some(other.as_str());

        assert_eq!(app.get("/api/projects", other).await.json(), json!([]));
        app.get(&format!("/api/projects/{id}"), other).await.assert_error(404, "not_found");
        app.put(&format!("/api/projects/{id}/rename"), other, json!({"name": "دزدی"}))
            .await
            .assert_error(404, "not_found");
        app.put(&format!("/api/projects/{id}/category"), other, json!({"category": "x"}))
            .await
            .assert_error(404, "not_found");
        app.put(
            &format!("/api/projects/{id}/thumbnail"),
            other,
            json!({"thumbnail": data_url(&png(4, 3))}),
        )
        .await
        .assert_error(404, "not_found");
        app.delete(&format!("/api/projects/{id}"), other).await.assert_error(404, "not_found");

        let untouched = project(&app, &owner, id).await;
        assert_eq!(untouched["name"], "خصوصی");
        assert_eq!(untouched["category"], Value::Null);
        assert_eq!(untouched["thumbnail"], Value::Null);
        assert_eq!(untouched["updated_at"], untouched["created_at"]);
    })
    .await;
}

#[tokio::test]
async fn odd_ids_are_json_not_found() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("ids@example.com").await;
        let token = Some(token.as_str());
        for id in ["abc", "-1", "0", "1.5", "99999999999999999999999", "%20", "1e3"] {
            app.get(&format!("/api/projects/{id}"), token).await.assert_error(404, "not_found");
            app.delete(&format!("/api/projects/{id}"), token).await.assert_error(404, "not_found");
            app.put(&format!("/api/projects/{id}/rename"), token, json!({"name": "x"}))
                .await
                .assert_error(404, "not_found");
            app.put(&format!("/api/projects/{id}/category"), token, json!({"category": "x"}))
                .await
                .assert_error(404, "not_found");
            app.put(
                &format!("/api/projects/{id}/thumbnail"),
                token,
                json!({"thumbnail": data_url(&png(2, 2))}),
            )
            .await
            .assert_error(404, "not_found");
        }
    })
    .await;
}
