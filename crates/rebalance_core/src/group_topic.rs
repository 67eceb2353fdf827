//! What the topics in a group's `mqadmin consumerProgress` output are.
//!
//! The broker lists every topic the group has a stored offset for
//! (`AdminBrokerProcessor.getConsumeStats` → `ConsumerOffsetManager.whichTopicByConsumer`),
//! less those an online group does not subscribe to. A push consumer in CLUSTERING mode
//! subscribes to its own retry topic `%RETRY%<group>` (`MixAll.RETRY_GROUP_TOPIC_PREFIX`),
//! so once a message has failed and been redelivered, the group's progress lists the retry
//! topic's queues beside the business topic's: one queue per broker with the default
//! `SubscriptionGroupConfig.retryQueueNums = 1`. Their `#Diff` counts failed messages whose
//! delay level (`crate::retry`) has run out and that wait to be consumed again; a message
//! still inside its delay is not on `%RETRY%<group>` yet and shows on no row.
//!
//! POP consumption (5.x) sends a message whose invisible time ran out to
//! `%RETRY%<group>_<topic>` (`KeyBuilder.buildPopRetryTopicV1`), or `%RETRY%<group>+<topic>`
//! with `BrokerConfig.enableRetryTopicV2` (default `false`). `%DLQ%<group>` shows only for a
//! group that has consumed its dead-letter queue.
//!
//! `_` may appear in group and topic names, so `%RETRY%a_b` is read as the POP retry topic
//! of group `a` for topic `b` only when `b` is a business topic listed in the same output
//! (the POP group has an offset on it); otherwise it is group `a_b`'s retry topic. `+` is
//! not allowed in names, so the V2 form is never ambiguous (`KeyBuilder.isPopRetryTopicV2`).

use serde::Serialize;

use crate::offset::ProgressReport;

/// `MixAll.RETRY_GROUP_TOPIC_PREFIX`.
pub const RETRY_PREFIX: &str = "%RETRY%";
/// `MixAll.DLQ_GROUP_TOPIC_PREFIX`.
pub const DLQ_PREFIX: &str = "%DLQ%";

/// What one topic of a group's progress is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum GroupTopic {
    /// A business topic the group subscribes to.
    Business,
    /// `%RETRY%<group>`: failed messages of a push consumer, redelivered after their delay.
    Retry { group: String },
    /// `%RETRY%<group>_<topic>` or `%RETRY%<group>+<topic>`: POP messages not acknowledged
    /// within their invisible time.
    PopRetry { group: String, topic: String },
    /// `%DLQ%<group>`: messages that failed `maxReconsumeTimes` times.
    DeadLetter { group: String },
}

impl GroupTopic {
    /// The class name used in data attributes and CSS (`business`, `retry`, `pop-retry`,
    /// `dlq`).
    pub fn slug(&self) -> &'static str {
        match self {
            GroupTopic::Business => "business",
            GroupTopic::Retry { .. } => "retry",
            GroupTopic::PopRetry { .. } => "pop-retry",
            GroupTopic::DeadLetter { .. } => "dlq",
        }
    }
}

/// Reads `topic`; `listed` are the other topics of the same output (for the `_` form).
pub fn classify<'a>(topic: &str, listed: impl IntoIterator<Item = &'a str> + Clone) -> GroupTopic {
    if let Some(group) = topic.strip_prefix(DLQ_PREFIX) {
        return GroupTopic::DeadLetter { group: group.to_owned() };
    }
    let Some(rest) = topic.strip_prefix(RETRY_PREFIX) else {
        return GroupTopic::Business;
    };
    if let Some((group, business)) = rest.split_once('+') {
        return GroupTopic::PopRetry { group: group.to_owned(), topic: business.to_owned() };
    }
    // The longest listed business topic that ends the name after a `_`.
    let business = listed
        .into_iter()
        .filter(|t| !t.starts_with(RETRY_PREFIX) && !t.starts_with(DLQ_PREFIX))
        .filter(|t| rest.len() > t.len() + 1 && rest.ends_with(t) && rest[..rest.len() - t.len()].ends_with('_'))
        .max_by_key(|t| t.len());
    match business {
        Some(t) => GroupTopic::PopRetry { group: rest[..rest.len() - t.len() - 1].to_owned(), topic: t.to_owned() },
        None => GroupTopic::Retry { group: rest.to_owned() },
    }
}

/// One kind's rows in a [`ProgressReport`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KindTotal {
    /// Valid queues of this kind.
    pub queues: usize,
    /// Their `#Diff`, summed.
    pub diff: i64,
    /// Their lag, summed.
    pub lag: i64,
}

/// A report's valid queues split by [`GroupTopic`] kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TotalsByKind {
    /// Business topics.
    pub business: KindTotal,
    /// `%RETRY%<group>`.
    pub retry: KindTotal,
    /// POP retry topics.
    pub pop_retry: KindTotal,
    /// `%DLQ%<group>`.
    pub dead_letter: KindTotal,
}

/// Every queue's [`GroupTopic`], in the report's order.
pub fn kinds(report: &ProgressReport) -> Vec<GroupTopic> {
    let topics: Vec<&str> = report.queues.iter().map(|q| q.mq.topic.as_str()).collect();
    topics.iter().map(|t| classify(t, topics.iter().copied())).collect()
}

/// The report's valid queues summed per kind; the four add up to the report's totals.
pub fn totals_by_kind(report: &ProgressReport) -> TotalsByKind {
    let mut totals = TotalsByKind::default();
    for (outcome, kind) in report.queues.iter().zip(kinds(report)) {
        let Ok(lag) = &outcome.result else { continue };
        let total = match kind {
            GroupTopic::Business => &mut totals.business,
            GroupTopic::Retry { .. } => &mut totals.retry,
            GroupTopic::PopRetry { .. } => &mut totals.pop_retry,
            GroupTopic::DeadLetter { .. } => &mut totals.dead_letter,
        };
        total.queues += 1;
        total.diff = total.diff.saturating_add(lag.diff);
        total.lag = total.lag.saturating_add(lag.lag);
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::*;

    fn retry(group: &str) -> GroupTopic {
        GroupTopic::Retry { group: group.to_owned() }
    }

    fn pop(group: &str, topic: &str) -> GroupTopic {
        GroupTopic::PopRetry { group: group.to_owned(), topic: topic.to_owned() }
    }

    #[test]
    fn names_by_keybuilder() {
        let listed = ["OrderEvent", "%RETRY%order-service", "%RETRY%pop_group_OrderEvent"];
        let c = |t: &str| classify(t, listed);
        assert_eq!(c("OrderEvent"), GroupTopic::Business);
        assert_eq!(c("%RETRY%order-service"), retry("order-service"));
        // KeyBuilder.buildPopRetryTopicV1: `%RETRY%` + group + `_` + topic.
        assert_eq!(c("%RETRY%pop_group_OrderEvent"), pop("pop_group", "OrderEvent"));
        // KeyBuilder.buildPopRetryTopicV2: `+`, which no name may contain.
        assert_eq!(c("%RETRY%pop_group+PayEvent"), pop("pop_group", "PayEvent"));
        assert_eq!(c("%DLQ%order-service"), GroupTopic::DeadLetter { group: "order-service".to_owned() });
        // Without its business topic listed, an `_` belongs to the group name.
        assert_eq!(c("%RETRY%order_service"), retry("order_service"));
        assert_eq!(classify("%RETRY%g_OrderEvent", ["Event", "OrderEvent"]), pop("g", "OrderEvent"));
        assert_eq!(classify("%RETRY%_OrderEvent", ["OrderEvent"]), retry("_OrderEvent"));
        assert_eq!(GroupTopic::PopRetry { group: String::new(), topic: String::new() }.slug(), "pop-retry");
    }
}
