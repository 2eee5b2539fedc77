//! What the site holds: users with their application passwords, terms
//! (categories and tags share WordPress's one `wp_terms` id sequence) and
//! posts, and what each role may do.

use super::{FakePost, FakeWpUser, Role};

/// A capability the controllers check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cap {
    EditPosts,
    PublishPosts,
    EditOthersPosts,
    ListUsers,
}

impl Role {
    pub(super) fn can(self, cap: Cap) -> bool {
        match self {
            Role::Administrator => true,
            Role::Editor => cap != Cap::ListUsers,
            Role::Author => matches!(cap, Cap::EditPosts | Cap::PublishPosts),
            Role::Contributor => cap == Cap::EditPosts,
            Role::Subscriber => false,
        }
    }

    /// The capabilities `context=edit` lists.
    pub(super) fn capabilities(self) -> Vec<&'static str> {
        let all = [
            (Cap::EditPosts, "edit_posts"),
            (Cap::PublishPosts, "publish_posts"),
            (Cap::EditOthersPosts, "edit_others_posts"),
            (Cap::ListUsers, "list_users"),
        ];
        let mut caps = vec!["read"];
        caps.extend(all.iter().filter(|(cap, _)| self.can(*cap)).map(|(_, name)| *name));
        caps.push(self.slug());
        caps
    }

    /// WordPress's `user_level` is above 0: `who=authors` lists them.
    pub(super) fn is_author(self) -> bool {
        self != Role::Subscriber
    }
}

pub(super) struct User {
    pub user: FakeWpUser,
    /// Letters and digits only, as WordPress compares them.
    pub application_passwords: Vec<String>,
    pub registered: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Taxonomy {
    Category,
    Tag,
}

impl Taxonomy {
    pub(super) fn name(self) -> &'static str {
        match self {
            Taxonomy::Category => "category",
            Taxonomy::Tag => "post_tag",
        }
    }
}

pub(super) struct Term {
    pub id: i64,
    pub taxonomy: Taxonomy,
    pub name: String,
    pub slug: String,
    pub parent: i64,
}

pub(super) struct Post {
    pub id: i64,
    pub title: String,
    pub content: String,
    pub excerpt: String,
    pub status: String,
    pub format: String,
    pub author: i64,
    pub categories: Vec<i64>,
    pub tags: Vec<i64>,
    pub slug: String,
    pub date: String,
}

impl Post {
    /// Drafts, pending and scheduled posts link by id, as WordPress's
    /// `wp_force_plain_post_permalink` has them; the rest by their slug
    /// (the `/%postname%/` structure) with pretty permalinks.
    pub(super) fn link(&self, site: &str, pretty: bool) -> String {
        let plain = matches!(self.status.as_str(), "draft" | "pending" | "future");
        if pretty && !plain && !self.slug.is_empty() {
            format!("{site}/{}/", self.slug)
        } else {
            format!("{site}/?p={}", self.id)
        }
    }

    pub(super) fn public(&self, site: &str, pretty: bool) -> FakePost {
        FakePost {
            id: self.id,
            title: self.title.clone(),
            content: self.content.clone(),
            excerpt: self.excerpt.clone(),
            status: self.status.clone(),
            format: self.format.clone(),
            author: self.author,
            categories: self.categories.clone(),
            tags: self.tags.clone(),
            slug: self.slug.clone(),
            date: self.date.clone(),
            link: self.link(site, pretty),
        }
    }
}

pub(super) struct Site {
    pub users: Vec<User>,
    pub terms: Vec<Term>,
    pub posts: Vec<Post>,
    next_term: i64,
    next_post: i64,
    passwords_made: u64,
}

/// The id of the category posts without one get (`default_category`).
pub(super) const DEFAULT_CATEGORY: i64 = 1;

impl Site {
    pub(super) fn new() -> Site {
        let mut site = Site {
            users: Vec::new(),
            terms: Vec::new(),
            posts: Vec::new(),
            next_term: 1,
            next_post: 1,
            passwords_made: 0,
        };
        site.add_user("admin", "مدیر سایت", Role::Administrator);
        let uncategorized = site.add_term(Taxonomy::Category, "دسته‌بندی نشده", 0);
        debug_assert_eq!(uncategorized, DEFAULT_CATEGORY);
        if let Some(term) = site.terms.first_mut() {
            // WordPress installs it under this slug, whatever the language.
            term.slug = "uncategorized".into();
        }
        site
    }

    pub(super) fn add_user(&mut self, username: &str, name: &str, role: Role) -> FakeWpUser {
        let id = self.users.len() as i64 + 1;
        let user = FakeWpUser {
            id,
            username: username.to_owned(),
            name: name.to_owned(),
            email: format!("{username}@example.com"),
            role,
            password: format!("{username}-pass-1402"),
        };
        let registered = format!("2024-01-{:02}T08:00:00+00:00", id.clamp(1, 28));
        self.users.push(User { user: user.clone(), application_passwords: Vec::new(), registered });
        user
    }

    pub(super) fn user(&self, id: i64) -> Option<&User> {
        self.users.iter().find(|u| u.user.id == id)
    }

    /// By login, or by e-mail when it holds an `@`, as WordPress looks users up.
    pub(super) fn user_named(&self, login: &str) -> Option<&User> {
        self.users.iter().find(|u| {
            if login.contains('@') { u.user.email == login } else { u.user.username == login }
        })
    }

    pub(super) fn new_application_password(&mut self, user_id: i64) -> Option<String> {
        self.passwords_made += 1;
        let password = application_password(user_id, self.passwords_made);
        let user = self.users.iter_mut().find(|u| u.user.id == user_id)?;
        user.application_passwords.push(password.clone());
        Some(group(&password))
    }

    pub(super) fn add_term(&mut self, taxonomy: Taxonomy, name: &str, parent: i64) -> i64 {
        let id = self.next_term;
        self.next_term += 1;
        let slug = sanitize_title(name);
        self.terms.push(Term { id, taxonomy, name: name.to_owned(), slug, parent });
        id
    }

    pub(super) fn term(&self, taxonomy: Taxonomy, id: i64) -> Option<&Term> {
        self.terms.iter().find(|t| t.taxonomy == taxonomy && t.id == id)
    }

    /// Published posts holding the term, as WordPress counts them.
    pub(super) fn count(&self, term: &Term) -> usize {
        self.posts
            .iter()
            .filter(|p| p.status == "publish")
            .filter(|p| match term.taxonomy {
                Taxonomy::Category => p.categories.contains(&term.id),
                Taxonomy::Tag => p.tags.contains(&term.id),
            })
            .count()
    }

    pub(super) fn next_post_id(&mut self) -> i64 {
        let id = self.next_post;
        self.next_post += 1;
        id
    }
}

/// 24 letters and digits, fixed for the nth password of a user.
fn application_password(user_id: i64, n: u64) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut state = 0x9e37_79b9_7f4a_7c15_u64 ^ (user_id as u64).wrapping_mul(31) ^ n;
    (0..24)
        .map(|_| {
            state ^= state >> 29;
            state = state.wrapping_mul(0xbf58_476d_1ce4_e5b9);
            char::from(ALPHABET[((state >> 40) % ALPHABET.len() as u64) as usize])
        })
        .collect()
}

/// `abcdEFGH…` as WordPress shows it: groups of four, spaces between.
fn group(password: &str) -> String {
    password
        .as_bytes()
        .chunks(4)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// WordPress's `sanitize_title` for a slug: lower case, spaces and
/// punctuation made `-`, anything beyond ASCII percent-encoded (in lower
/// case), as a Persian title's slug is.
pub(super) fn sanitize_title(title: &str) -> String {
    let mut slug = String::new();
    for c in title.trim().chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            slug.push(c.to_ascii_lowercase());
        } else if c.is_whitespace() || c == '-' || c == '\u{200c}' || c.is_ascii_punctuation() {
            if !slug.ends_with('-') {
                slug.push('-');
            }
        } else {
            let mut bytes = [0; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                slug.push_str(&format!("%{byte:02x}"));
            }
        }
    }
    slug.trim_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_sanitized_as_wordpress_does() {
        assert_eq!(sanitize_title("Hello, World!"), "hello-world");
        assert_eq!(sanitize_title(" سلام "), "%d8%b3%d9%84%d8%a7%d9%85");
        assert_eq!(
            sanitize_title("نیم‌فاصله ۲"),
            "%d9%86%db%8c%d9%85-%d9%81%d8%a7%d8%b5%d9%84%d9%87-%db%b2"
        );
    }

    #[test]
    fn application_passwords_are_shown_in_groups_and_kept_bare() {
        let mut site = Site::new();
        let shown = site.new_application_password(1).unwrap();
        assert_eq!(shown.len(), 24 + 5);
        assert_eq!(shown.split(' ').map(str::len).collect::<Vec<_>>(), [4; 6]);
        assert_eq!(site.users[0].application_passwords, [shown.replace(' ', "")]);
        assert!(site.new_application_password(99).is_none());
    }

    #[test]
    fn roles_can_what_wordpress_gives_them() {
        assert!(Role::Author.can(Cap::PublishPosts) && !Role::Author.can(Cap::EditOthersPosts));
        assert!(Role::Contributor.can(Cap::EditPosts) && !Role::Contributor.can(Cap::PublishPosts));
        assert!(!Role::Subscriber.can(Cap::EditPosts) && !Role::Subscriber.is_author());
        assert!(Role::Editor.can(Cap::EditOthersPosts) && !Role::Editor.can(Cap::ListUsers));
    }
}
