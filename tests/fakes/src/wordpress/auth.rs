//! Who a request is made as, in WordPress's order: core's application
//! passwords over Basic (`wp_validate_application_password`), then the
//! Basic Auth plugin with the real password, then the JWT plugin's Bearer
//! token. Their refusals come out where WordPress returns them: Basic's
//! through `rest_authentication_errors` (the plugin's at priority 10, with
//! no status, hence 500; core's at 90, 401), the JWT plugin's at
//! `rest_pre_dispatch` (403).

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;

use super::error::WpError;
use super::site::Site;
use super::{JwtPlugin, Settings, Via, jwt};

/// The outcome of reading a request's credentials.
#[derive(Debug, Default)]
pub(super) struct Caller {
    pub user: Option<i64>,
    /// Answered before the route runs (`rest_authentication_errors`).
    pub error: Option<WpError>,
    /// Answered after it, in place of it (`rest_pre_dispatch`).
    pub jwt_error: Option<WpError>,
}

pub(super) fn identify(
    site: &Site,
    settings: &Settings,
    site_url: &str,
    authorization: Option<&str>,
    via: Via,
    route: &str,
) -> Caller {
    let Some(header) = authorization else { return Caller::default() };
    if let Some((login, password)) = basic(header) {
        return basic_caller(site, settings, site_url, &login, &password);
    }
    // The plugin looks for "wp-json" in the request URI, so a `?rest_route=`
    // request is not read, and it leaves its validate route alone.
    let read = settings.jwt_plugin != JwtPlugin::Off
        && via == Via::WpJson
        && !route.contains("token/validate");
    let mut caller = Caller::default();
    if read && let Ok(token) = jwt::bearer(Some(header)) {
        match jwt::validate(site_url, settings.jwt_plugin, token) {
            Ok(id) => caller.user = site.user(id).map(|u| u.user.id),
            Err(error) => caller.jwt_error = Some(error),
        }
    }
    caller
}

fn basic(header: &str) -> Option<(String, String)> {
    let encoded = header.strip_prefix("Basic ")?.trim();
    let decoded = String::from_utf8(BASE64.decode(encoded).ok()?).ok()?;
    let (login, password) = decoded.split_once(':')?;
    Some((login.to_owned(), password.to_owned()))
}

fn basic_caller(
    site: &Site,
    settings: &Settings,
    site_url: &str,
    login: &str,
    password: &str,
) -> Caller {
    let user = site.user_named(login);
    let mut core_error = None;
    if settings.application_passwords {
        // Core compares letters and digits only: spaces as shown are fine.
        let bare: String = password.chars().filter(char::is_ascii_alphanumeric).collect();
        match user {
            Some(user) if user.application_passwords.contains(&bare) => {
                return Caller { user: Some(user.user.id), ..Caller::default() };
            }
            Some(_) => {
                core_error = Some(WpError::new(
                    401,
                    "incorrect_password",
                    "The provided password is an invalid application password.",
                ));
            }
            None if login.contains('@') => {
                core_error = Some(WpError::new(
                    401,
                    "invalid_email",
                    "Unknown email address. Check again or try your username.",
                ));
            }
            None => {
                core_error = Some(WpError::new(
                    401,
                    "invalid_username",
                    "Unknown username. Check again or try your email address.",
                ));
            }
        }
    }
    if settings.basic_auth_plugin {
        // wp_authenticate's WP_Error carries no status: the server answers 500.
        return match user {
            Some(user) if user.user.password == password => {
                Caller { user: Some(user.user.id), ..Caller::default() }
            }
            Some(_) => Caller {
                error: Some(WpError::new(
                    500,
                    "incorrect_password",
                    &format!(
                        "<strong>Error:</strong> The password you entered for the username \
                         <strong>{login}</strong> is incorrect. \
                         <a href=\"{site_url}/wp-login.php?action=lostpassword\">Lost your password?</a>"
                    ),
                )),
                ..Caller::default()
            },
            None => Caller {
                error: Some(WpError::new(
                    500,
                    "invalid_username",
                    &format!(
                        "<strong>Error:</strong> The username <strong>{login}</strong> is not \
                         registered on this site. If you are unsure of your username, try your \
                         email address instead."
                    ),
                )),
                ..Caller::default()
            },
        };
    }
    Caller { error: core_error, ..Caller::default() }
}

#[cfg(test)]
mod tests {
    use super::super::Role;
    use super::*;

    fn header(login: &str, password: &str) -> String {
        format!("Basic {}", BASE64.encode(format!("{login}:{password}")))
    }

    fn who(site: &Site, settings: &Settings, header: &str) -> (Option<i64>, Option<String>) {
        let caller =
            identify(site, settings, "http://s", Some(header), Via::WpJson, "/wp/v2/users/me");
        (caller.user, caller.error.map(|e| format!("{} {}", e.status, e.code)))
    }

    #[test]
    fn application_passwords_with_or_without_spaces_and_the_basic_plugin() {
        let mut site = Site::new();
        let editor = site.add_user("sara", "سارا", Role::Editor);
        let shown = site.new_application_password(editor.id).unwrap();
        let settings = Settings::default();
        assert_eq!(who(&site, &settings, &header("sara", &shown)), (Some(editor.id), None));
        assert_eq!(
            who(&site, &settings, &header("sara", &shown.replace(' ', ""))),
            (Some(editor.id), None)
        );
        assert_eq!(
            who(&site, &settings, &header("sara@example.com", &shown)),
            (Some(editor.id), None)
        );
        assert_eq!(
            who(&site, &settings, &header("sara", "nope")),
            (None, Some("401 incorrect_password".into()))
        );
        assert_eq!(
            who(&site, &settings, &header("nobody", &shown)),
            (None, Some("401 invalid_username".into()))
        );
        assert_eq!(
            who(&site, &settings, &header("no@body.ir", &shown)),
            (None, Some("401 invalid_email".into()))
        );
        // The real password needs the plugin, whose refusals have no status.
        assert_eq!(who(&site, &settings, &header("sara", &editor.password)).0, None);
        let plugin = Settings { basic_auth_plugin: true, ..Settings::default() };
        assert_eq!(who(&site, &plugin, &header("sara", &editor.password)), (Some(editor.id), None));
        assert_eq!(
            who(&site, &plugin, &header("sara", "nope")),
            (None, Some("500 incorrect_password".into()))
        );
        // Without application passwords (plain http), they sign nobody in.
        let off = Settings { application_passwords: false, ..Settings::default() };
        assert_eq!(who(&site, &off, &header("sara", &shown)), (None, None));
    }

    #[test]
    fn the_jwt_plugin_reads_bearer_tokens_on_wp_json_only() {
        let site = Site::new();
        let settings = Settings { jwt_plugin: JwtPlugin::On, ..Settings::default() };
        let token = format!("Bearer {}", jwt::issue("http://s", 1, chrono::Duration::days(1)));
        let at = |via| identify(&site, &settings, "http://s", Some(&token), via, "/wp/v2/users/me");
        assert_eq!(at(Via::WpJson).user, Some(1));
        assert_eq!(at(Via::RestRoute).user, None);
        let off = identify(&site, &Settings::default(), "http://s", Some(&token), Via::WpJson, "/");
        assert_eq!(off.user, None);
        let bad = identify(&site, &settings, "http://s", Some("Bearer x.y"), Via::WpJson, "/");
        assert_eq!(bad.jwt_error.unwrap().code, "jwt_auth_invalid_token");
    }
}
