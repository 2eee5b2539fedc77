//! Where a drawn workflow comes alive: the model answers with what the
//! assistant is connected to on the canvas.

pub mod assistant_functions;
pub mod assistant_setup;
pub mod conversations;
pub mod function_json;
pub mod history;
pub mod message_writer;
pub mod outbound;
pub mod request_by_hand;
pub mod request_tool;
pub mod sms_tool;
pub mod turn;
pub mod turn_event;
pub mod wordpress_site;
pub mod wordpress_tool;
