//! The crate's one error type. Messages that RocketMQ itself produces are reproduced
//! character for character (they are shown to learners as RocketMQ would log them).

use crate::MessageQueue;

/// Result alias used across the core.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything the core can refuse. Never a panic: bad input is data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    // --- Allocation (RocketMQ's IllegalArgumentException messages, verbatim) ---
    /// `AbstractAllocateMessageQueueStrategy.check`, first test.
    #[error("currentCID is empty")]
    CurrentCidEmpty,
    /// `check`, second test.
    #[error("mqAll is null or mqAll empty")]
    MqAllEmpty,
    /// `check`, third test.
    #[error("cidAll is null or cidAll empty")]
    CidAllEmpty,
    /// `AllocateMessageQueueConsistentHash(int)` with a negative count.
    #[error("illegal virtualNodeCnt :{0}")]
    IllegalVirtualNodeCount(i64),
    /// `AllocateMachineRoomNearby`: a broker without a machine room.
    #[error("Machine room is null for mq {0}")]
    BrokerRoomMissing(MessageQueue),
    /// `AllocateMachineRoomNearby`: a consumer without a machine room.
    #[error("Machine room is null for consumer id {0}")]
    ConsumerRoomMissing(String),
    /// Java's `ComparableTimSort` (`Collections.sort(mqAll)` in `RebalanceImpl`) found that
    /// `MessageQueue.compareTo` is not an order (queue ids more than `i32::MAX` apart, see
    /// [`crate::message_queue::java_compare`]). RocketMQ's `doRebalance` catches it, logs
    /// `rebalance Exception` and leaves that topic's queues as they were.
    #[error("Comparison method violates its general contract!")]
    ComparisonContract,
    /// A MACHINE_ROOM_NEARBY delegate that is itself MACHINE_ROOM_NEARBY (not allowed here).
    #[error("the delegate of MACHINE_ROOM_NEARBY must be another strategy, not {0}")]
    NestedNearby(String),
    /// A strategy name RocketMQ does not know.
    #[error("unknown strategy {0:?}: expected AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, MACHINE_ROOM_NEARBY, MACHINE_ROOM or CONFIG")]
    UnknownStrategy(String),

    // --- Offsets, mqadmin text, reset, planning ---
    /// One queue's offsets are inconsistent (the other queues are still computed).
    #[error("{queue}: {reason}")]
    InvalidProgress {
        /// The queue, as RocketMQ displays it.
        queue: String,
        /// What is wrong, in a sentence.
        reason: String,
    },
    /// Text that is not `mqadmin consumerProgress` output.
    #[error("line {line}: {message}")]
    Parse {
        /// 1-based line number in the pasted text.
        line: usize,
        /// What was expected there.
        message: String,
    },
    /// A numeric input that is negative, NaN, infinite or otherwise unusable.
    #[error("{field}: {message}")]
    InvalidInput {
        /// The input's name as the user sees it (e.g. `backlog`).
        field: String,
        /// What is wrong and what is allowed.
        message: String,
    },
}
