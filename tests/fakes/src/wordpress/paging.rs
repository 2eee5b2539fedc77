//! Collections' paging: `page` (from 1) and `per_page` (1 to 100, 10 by
//! default), answered with `X-WP-Total`, `X-WP-TotalPages` and a `Link`
//! header naming the previous and next pages, as the core controllers do.

use super::error::WpError;
use super::params::Params;

pub(super) const DEFAULT_PER_PAGE: usize = 10;
const MAX_PER_PAGE: i64 = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Page {
    pub page: usize,
    pub per_page: usize,
}

impl Page {
    pub(super) fn read(params: &Params) -> Result<Page, WpError> {
        let mut problems = Vec::new();
        let page = match params.int("page") {
            Ok(page) => page.unwrap_or(1),
            Err(problem) => {
                problems.push(problem);
                1
            }
        };
        let per_page = match params.int("per_page") {
            Ok(per_page) => per_page.unwrap_or(DEFAULT_PER_PAGE as i64),
            Err(problem) => {
                problems.push(problem);
                1
            }
        };
        if page < 1 {
            problems.push((
                "page",
                "rest_out_of_bounds",
                "page must be greater than or equal to 1".into(),
            ));
        }
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            problems.push((
                "per_page",
                "rest_out_of_bounds",
                format!("per_page must be between 1 (inclusive) and {MAX_PER_PAGE} (inclusive)"),
            ));
        }
        if !problems.is_empty() {
            return Err(WpError::invalid_params(&problems));
        }
        Ok(Page { page: page as usize, per_page: per_page as usize })
    }

    pub(super) fn total_pages(self, total: usize) -> usize {
        total.div_ceil(self.per_page)
    }

    /// This page's share of `items`.
    pub(super) fn of<T>(self, items: Vec<T>) -> Vec<T> {
        items.into_iter().skip((self.page - 1) * self.per_page).take(self.per_page).collect()
    }

    /// The paging headers, `link(n)` being page n's address.
    pub(super) fn headers(
        self,
        total: usize,
        link: impl Fn(usize) -> String,
    ) -> Vec<(String, String)> {
        let pages = self.total_pages(total);
        let mut headers = vec![
            ("X-WP-Total".to_owned(), total.to_string()),
            ("X-WP-TotalPages".to_owned(), pages.to_string()),
        ];
        let mut links = Vec::new();
        if self.page > 1 {
            links.push(format!("<{}>; rel=\"prev\"", link((self.page - 1).min(pages.max(1)))));
        }
        if self.page < pages {
            links.push(format!("<{}>; rel=\"next\"", link(self.page + 1)));
        }
        if !links.is_empty() {
            headers.push(("Link".to_owned(), links.join(", ")));
        }
        headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn page(query: &[(&str, &str)]) -> Result<Page, WpError> {
        let query: Vec<(String, String)> =
            query.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        Page::read(&Params::new(&query, None))
    }

    #[test]
    fn paging_is_read_and_bounded_as_wordpress_does() {
        assert_eq!(page(&[]), Ok(Page { page: 1, per_page: 10 }));
        assert_eq!(
            page(&[("page", "3"), ("per_page", "100")]),
            Ok(Page { page: 3, per_page: 100 })
        );
        let refused = page(&[("per_page", "101"), ("page", "0")]).unwrap_err();
        assert_eq!(refused.body()["message"], "Invalid parameter(s): page, per_page");
        assert_eq!(
            refused.body()["data"]["params"],
            json!({"page": "page must be greater than or equal to 1",
                   "per_page": "per_page must be between 1 (inclusive) and 100 (inclusive)"})
        );
    }

    #[test]
    fn headers_count_pages_and_link_the_neighbours() {
        let p = Page { page: 2, per_page: 10 };
        let headers = p.headers(25, |n| format!("/x?page={n}"));
        assert_eq!(headers[0], ("X-WP-Total".into(), "25".into()));
        assert_eq!(headers[1], ("X-WP-TotalPages".into(), "3".into()));
        assert_eq!(headers[2].1, "</x?page=1>; rel=\"prev\", </x?page=3>; rel=\"next\"");
        assert_eq!(p.of((0..25).collect()), (10..20).collect::<Vec<_>>());
    }
}
