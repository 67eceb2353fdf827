//! Pulling and consuming for one classic client per tick: the PullMessageService with
//! flow control (pullThresholdForQueue / SizeForQueue), concurrent consumption sharing the
//! instance's capacity over its queues, orderly consumption one message at a time per
//! locked queue, failing messages (retried in place, or sent back to `%RETRY%`).

use super::broker::Stall;
use super::client::{delay_level, ProcessQueue, Stuck};
use super::config::{CommitMode, ConsumeModel};
use super::ledger::Delta;
use super::log::LogKind;
use super::world::{Retry, World};
use crate::MessageQueue;

/// A PullRequest as Java prints it.
fn pull_request(group: &str, mq: &MessageQueue, next_offset: u64) -> String {
    format!("PullRequest [consumerGroup={group}, messageQueue={mq}, nextOffset={next_offset}]")
}

/// `attempts` pulls of queue `q` postponed for the span (`first` and `last` cached offsets):
/// counted in the consumer's `queueMaxSpanFlowControlTimes`, with RocketMQ's warning when one
/// of them is a 1000th (`queueMaxSpanFlowControlTimes++ % 1000 == 0`).
fn span_pause(
    times: &mut u64,
    attempts: u64,
    q: usize,
    first: u64,
    last: u64,
    request: impl FnOnce() -> String,
) -> Option<LogKind> {
    // The attempt that logs is the first whose count before the increment is a multiple of
    // 1000; the line prints the count after it.
    let multiple = times.div_ceil(1_000).saturating_mul(1_000);
    let line = (multiple < *times + attempts).then(|| LogKind::SpanFlowControl {
        queue: q as u32,
        min_offset: first,
        max_offset: last,
        max_span: last - first,
        pull_request: request(),
        times: multiple + 1,
    });
    *times += attempts;
    line
}

impl World {
    /// The PullMessageService for one client: each queue pulls up to its per-tick capacity
    /// unless its ProcessQueue is over pullThresholdForQueue / SizeForQueue.
    ///
    /// Commit on pull: every pull request of a CLUSTERING push consumer carries the queue's
    /// in-memory offset (`DefaultMQPushConsumerImpl.pullMessage`: `commitOffsetEnable` when
    /// `offsetStore.readOffset(mq, READ_FROM_MEMORY) > 0`, sysFlag `FLAG_COMMIT_OFFSET`), and
    /// the master broker stores it when the request arrives
    /// (`PullMessageProcessor.tryCommitOffset`: `brokerAllowSuspend && hasCommitOffsetFlag`;
    /// a slave does not, and a request woken from long polling is processed with
    /// `brokerAllowSuspend = false`). So the ConsumerOffset follows the consumer to within one
    /// pull round, not only every `persistConsumerOffsetInterval` (5 s). A request is sent
    /// when the ProcessQueue is not flow-controlled (flow control delays the request without
    /// sending it) and, in orderly mode, locked; every pull that fetches messages commits.
    pub(crate) fn pull(&mut self, c: usize) {
        let mask = self.effective_mask(c);
        let cc = &self.cfg.client;
        let (batch, threshold) = (cc.pull_batch_size, cc.pull_threshold_for_queue);
        let size_limit = cc.pull_threshold_size_for_queue_mib.saturating_mul(1 << 20);
        let msg_size = self.cfg.topic.message_size_bytes.max(1);
        let (pulls, attempts) = (self.pulls_per_tick, self.flow_control_attempts);
        let want = batch.saturating_mul(pulls);
        let orderly = self.cfg.group.orderly;
        let max_span = cc.consume_concurrently_max_span;
        let commit_on_pull = self.cfg.group.model == ConsumeModel::Clustering;
        let before_processing = self.cfg.group.commit == CommitMode::BeforeProcessing;
        let group = self.cfg.group.name.clone();
        let now = self.now;
        let retry_ms = cc.pull_time_delay_mills_when_exception;
        let failures: Vec<(usize, bool, String)> = match self.clients.get(c) {
            Some(cl) if self.brokers.iter().any(|b| !b.online) => {
                cl.pqs.iter().filter_map(|pq| self.broker_failure(c, pq.q).map(|(sent, e)| (pq.q, sent, e))).collect()
            }
            _ => Vec::new(),
        };
        let (mut failed_pulls, mut unpulled_ms) = (0, 0);
        let Some(client) = self.clients.get_mut(c) else { return };
        let mut logs = Vec::new();
        let mut illegal = Vec::new();
        for pq in client.pqs.iter_mut() {
            if (orderly && !pq.locked) || pq.first_pull_at > now {
                continue;
            }
            let Some(queue) = self.queues.get_mut(pq.q) else { continue };
            // PullMessageProcessor refuses a queueId at or beyond readQueueNums ("queueId[..] is
            // illegal, ... topicConfig.readQueueNums"): no messages, no commit.
            if !queue.readable {
                continue;
            }
            // msgCount: the cached tail and the stuck messages still in the ProcessQueue.
            let tail = self.tags.count(pq.q, mask, pq.done_to, pq.pulled_to);
            let cached = tail + pq.holding();
            let bytes = cached.saturating_mul(msg_size);
            if cached > threshold || bytes > size_limit {
                if pq.flow_control_times % 1_000 < attempts {
                    // DefaultMQPushConsumerImpl.pullMessage checks the count first, then the size.
                    let by_size = cached <= threshold;
                    let pull_request = format!(
                        "PullRequest [consumerGroup={}, messageQueue={}, nextOffset={}]",
                        group, queue.mq, pq.pulled_to
                    );
                    logs.push(LogKind::FlowControl {
                        queue: pq.q as u32,
                        by_size,
                        threshold: if by_size { size_limit >> 20 } else { threshold },
                        min_offset: pq.first_cached(),
                        max_offset: pq.pulled_to.saturating_sub(1),
                        count: cached,
                        size_mib: bytes >> 20,
                        pull_request,
                        times: pq.flow_control_times + 1,
                    });
                }
                pq.flow_control_times += attempts;
                pq.flow_controlled = true;
                continue;
            }
            // DefaultMQPushConsumerImpl.pullMessage, concurrent consumers, after the count and
            // size checks: `processQueue.getMaxSpan() > consumeConcurrentlyMaxSpan` postpones
            // the request by PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL (50 ms) and warns
            // every 1000th time (`queueMaxSpanFlowControlTimes`, one counter per consumer).
            // getMaxSpan is `msgTreeMap.lastKey() - firstKey()`: the first key is the stuck
            // message, the last the newest cached one, or the last stuck one when the threads
            // have finished the whole tail (then the pull goes on).
            let pinned = pq.pinned().filter(|_| !orderly);
            if let Some(first) = pinned {
                let last_stuck = pq.stuck.iter().rev().find(|x| !x.sent_back).map_or(first, |x| x.offset);
                let last = if tail > 0 { pq.pulled_to.saturating_sub(1) } else { last_stuck };
                let span = last.saturating_sub(first);
                if span > max_span {
                    let request = || pull_request(&group, &queue.mq, pq.pulled_to);
                    let times = &mut client.span_flow_control_times;
                    logs.extend(span_pause(times, attempts, pq.q, first, last, request));
                    pq.flow_controlled = true;
                    pq.span_paused = true;
                    continue;
                }
            }
            pq.flow_controlled = false;
            pq.span_paused = false;
            // The request goes to a stopped broker: PullCallback.onException (or
            // pullKernelImpl's throw) logs it and executePullRequestLater sends it again after
            // pullTimeDelayMillsWhenException; nothing is pulled or committed.
            if let Some((_, sent, exception)) = failures.iter().find(|f| f.0 == pq.q) {
                let (sent, exception) = (*sent, exception.clone());
                let (queue, group, mq) = (pq.q as u32, group.clone(), queue.mq.to_string());
                logs.push(LogKind::PullFailed { queue, group, mq, sent, exception });
                pq.first_pull_at = now + retry_ms;
                failed_pulls += 1;
                continue;
            }
            if let Some(since) = queue.unpulled_since.take() {
                unpulled_ms = unpulled_ms.max(now - since);
            }
            if pq.pulled_to < queue.min {
                // OFFSET_ILLEGAL (the broker's OFFSET_TOO_SMALL: retention deleted the offset
                // asked for). DefaultMQPushConsumerImpl.pullMessage, 5.x: warn, take
                // nextBeginOffset (MinOffset), drop the ProcessQueue (its cache is discarded),
                // updateAndFreezeOffset + persist, removeProcessQueue, rebalanceImmediately.
                let request = |next: u64| {
                    format!("PullRequest [consumerGroup={group}, messageQueue={}, nextOffset={next}]", queue.mq)
                };
                let result = format!(
                    "PullResult [pullStatus=OFFSET_ILLEGAL, nextBeginOffset={}, minOffset={}, maxOffset={}, \
                     msgFoundList=0]",
                    queue.min, queue.min, queue.max
                );
                logs.push(LogKind::OffsetIllegal {
                    queue: pq.q as u32,
                    pull_request: request(pq.pulled_to),
                    pull_result: result,
                });
                logs.push(LogKind::OffsetFixed { queue: pq.q as u32, pull_request: request(queue.min) });
                if commit_on_pull {
                    queue.committed = queue.min;
                }
                illegal.push(pq.q);
                continue;
            }
            if pq.pulled_to >= queue.max {
                continue;
            }
            let in_memory = if before_processing { pq.pulled_to } else { pq.first_cached() };
            if commit_on_pull && in_memory > 0 {
                queue.committed = in_memory;
            }
            // Pulls stop after the one that crosses a threshold.
            let mut n = want;
            if cached + want > threshold {
                n = n.min(batch.saturating_mul((threshold - cached) / batch + 1));
            }
            if bytes.saturating_add(want.saturating_mul(msg_size)) > size_limit {
                n = n.min(batch.saturating_mul((size_limit - bytes) / batch.saturating_mul(msg_size).max(1) + 1));
            }
            // The pulled messages wait in the cache until the threads run them, so within the
            // tick pulls stop after the one whose last offset passes the span.
            if let Some(first) = pinned {
                let room = first.saturating_add(max_span + 1).saturating_sub(pq.pulled_to);
                n = n.min(batch.saturating_mul(room / batch + 1));
            }
            pq.pulled_to = self.tags.advance(pq.q, mask, pq.pulled_to, n, queue.max);
            // The next PullRequest runs at once and finds the new messages still cached: past
            // the span it is postponed too, although the threads may finish them in time.
            if let Some(first) = pinned {
                let last = pq.pulled_to.saturating_sub(1);
                let span = last.saturating_sub(first);
                if span > max_span {
                    let request = || pull_request(&group, &queue.mq, pq.pulled_to);
                    let times = &mut client.span_flow_control_times;
                    logs.extend(span_pause(times, 1, pq.q, first, last, request));
                    pq.flow_controlled = true;
                    pq.span_paused = true;
                }
            }
            // correctTagsOffset: an empty ProcessQueue moves its offset past what was
            // filtered out (NO_MATCHED_MSG, or everything dropped by the client's tags).
            if tail == 0 && self.tags.count(pq.q, mask, pq.done_to, pq.pulled_to) == 0 {
                pq.done_to = pq.pulled_to;
            }
        }
        self.counters.failed_pulls += failed_pulls;
        self.counters.max_unpulled_ms = self.counters.max_unpulled_ms.max(unpulled_ms);
        if !illegal.is_empty() {
            client.pqs.retain(|pq| !illegal.contains(&pq.q));
            client.next_rebalance = client.next_rebalance.min(now + self.cfg.tick_ms);
            self.owners_dirty = true;
        }
        if !logs.is_empty() {
            for kind in logs {
                self.log_client(c, kind);
            }
        }
    }

    /// The consume threads for one tick: the instance's capacity shared fairly over its
    /// queues (concurrently), or one message at a time per locked queue (orderly).
    pub(crate) fn consume(&mut self, c: usize) {
        let tick = self.cfg.tick_ms;
        let (now, warmup) = (self.now, self.cfg.client.warmup_ms);
        let Some(client) = self.clients.get_mut(c) else { return };
        let mut rate = client.current_rate(now, warmup);
        // A stuck message keeps its consume thread: the others share the capacity.
        let busy: usize = client.pqs.iter().map(|pq| pq.stuck.len()).sum();
        if busy > 0 {
            let threads = u64::from(client.threads.max(1));
            rate = rate.saturating_mul(threads - (busy as u64).min(threads)) / threads;
        }
        client.acc += rate.saturating_mul(tick);
        let mut budget = client.acc / 1_000;
        client.acc %= 1_000;
        let per_queue_milli = rate.saturating_mul(tick) / u64::from(client.threads.max(1));
        let n = client.pqs.len();
        if n == 0 || budget == 0 {
            return;
        }
        let orderly = self.cfg.group.orderly;
        if !orderly && self.failing_queues == 0 && self.stalls_armed == 0 && self.consume_all(c, budget) {
            return;
        }
        let mut wanting = std::mem::take(&mut self.want);
        for pass in 0..3 {
            wanting.clear();
            for i in 0..n {
                let Some(pq) = self.clients.get(c).and_then(|cl| cl.pqs.get(i)) else { continue };
                let mut avail = self.cached(c, pq);
                if orderly {
                    if pass > 0 || !self.lock_valid(pq) || pq.suspended_until > self.now {
                        continue;
                    }
                    let acc = pq.order_acc + per_queue_milli;
                    avail = avail.min(acc / 1_000);
                    if let Some(pq) = self.clients.get_mut(c).and_then(|cl| cl.pqs.get_mut(i)) {
                        pq.order_acc = if avail == 0 && acc >= 1_000 { 0 } else { acc - avail * 1_000 };
                    }
                }
                if avail > 0 {
                    wanting.push((i, avail));
                }
            }
            if wanting.is_empty() || budget == 0 {
                break;
            }
            let share = (budget / wanting.len() as u64).max(1);
            let mut capped = false;
            for &(i, avail) in &wanting {
                let take = avail.min(share).min(budget);
                if take == 0 {
                    break;
                }
                capped |= take < avail;
                budget -= self.consume_from(c, i, take).min(budget);
            }
            if !capped {
                break;
            }
        }
        self.want = wanting;
    }

    /// Common case of concurrent consumption: when the capacity covers every cached
    /// message, everything cached is finished in one pass. `false`: not applicable.
    fn consume_all(&mut self, c: usize, budget: u64) -> bool {
        let mask = self.effective_mask(c);
        let World { clients, queues, tags, counters, .. } = self;
        let Some(cl) = clients.get_mut(c) else { return true };
        let total: u64 = cl.pqs.iter().map(|pq| tags.count(pq.q, mask, pq.done_to, pq.pulled_to)).sum();
        if total > budget {
            return false;
        }
        for pq in cl.pqs.iter_mut() {
            let (q, a, b) = (pq.q, pq.done_to, pq.pulled_to);
            if a >= b {
                continue;
            }
            let d = match pq.ledger.as_mut() {
                Some(ledger) => ledger.process(tags, q, mask, a, b),
                None => match queues.get_mut(q) {
                    Some(queue) => queue.ledger.process(tags, q, mask, a, b),
                    None => Delta::default(),
                },
            };
            pq.done_to = b;
            cl.processed += d.processed;
            cl.processed_tick += d.processed;
            counters.processed += d.processed;
            counters.unique += d.unique;
            counters.duplicates += d.duplicates;
        }
        true
    }

    /// Consumes up to `n` cached messages of the client's i-th queue; returns the budget used.
    fn consume_from(&mut self, c: usize, i: usize, n: u64) -> u64 {
        let mask = self.effective_mask(c);
        let Some(pq) = self.clients.get(c).and_then(|cl| cl.pqs.get(i)) else { return 0 };
        let (q, start, pulled_to) = (pq.q, pq.done_to, pq.pulled_to);
        let stall = self.queues.get(q).and_then(|x| x.stall).filter(|_| !self.cfg.group.orderly);
        if let Some(stall) = stall {
            return self.get_stuck(c, i, mask, stall);
        }
        let mut end = self.tags.advance(q, mask, start, n, pulled_to);
        let mut used = self.tags.count(q, mask, start, end);
        let failing = self.queues.get(q).and_then(|x| x.failing).filter(|f| f.active(self.now));
        let mut from = start;
        if let Some(f) = failing.filter(|f| f.from < end && f.to > start) {
            if self.cfg.group.orderly {
                if start >= f.from {
                    let until = self.now + self.cfg.client.suspend_current_queue_ms;
                    let Some(pq) = self.clients.get_mut(c).and_then(|cl| cl.pqs.get_mut(i)) else { return 0 };
                    pq.attempts += 1;
                    pq.suspended_until = until;
                    let attempts = pq.attempts;
                    self.counters.retries += 1;
                    self.log_client(c, LogKind::ConsumeSuspended { queue: q as u32, offset: start, attempts });
                    return 1;
                }
                end = f.from;
                used = self.tags.count(q, mask, start, end);
            } else {
                let (a, b) = (f.from.max(start), f.to.min(end));
                self.account_at(c, i, mask, start, a);
                from = b;
                self.send_back(c, Retry { q, from: a, to: b, attempts: 0, due: self.now });
            }
        }
        self.account_at(c, i, mask, from, end);
        if let Some(pq) = self.clients.get_mut(c).and_then(|cl| cl.pqs.get_mut(i)) {
            pq.done_to = end.max(pq.done_to);
            pq.attempts = 0;
        }
        used
    }

    /// The next cached message of the client's i-th queue starts in a thread and stays there
    /// (the queue's armed [`Stall`]); the threads go on with the messages after it. Returns
    /// the budget used: the messages before it that matched, and itself.
    fn get_stuck(&mut self, c: usize, i: usize, mask: u8, stall: Stall) -> u64 {
        let Some(pq) = self.clients.get(c).and_then(|cl| cl.pqs.get(i)) else { return 0 };
        let (q, start, pulled_to) = (pq.q, pq.done_to, pq.pulled_to);
        let Some(at) = self.first_match(q, mask, start, pulled_to) else { return 0 };
        self.account_at(c, i, mask, start, at);
        let now = self.now;
        let stuck = Stuck { offset: at, started_at: now, until: stall.duration_ms.map(|d| now + d), sent_back: false };
        if let Some(pq) = self.clients.get_mut(c).and_then(|cl| cl.pqs.get_mut(i)) {
            pq.stuck.push(stuck);
            pq.done_to = at + 1;
            pq.attempts = 0;
        }
        if let Some(x) = self.queues.get_mut(q) {
            x.stall = (stall.left > 1).then_some(Stall { left: stall.left - 1, ..stall });
        }
        self.stalls_armed = self.queues.iter().filter(|x| x.stall.is_some()).count();
        self.tags.count(q, mask, start, at + 1)
    }

    /// The first offset in `[a, b)` whose message matches `mask`.
    fn first_match(&self, q: usize, mask: u8, a: u64, b: u64) -> Option<u64> {
        if self.tags.count(q, mask, a, b) == 0 {
            return None;
        }
        // The smallest x with a match in [a, x] (count is monotone in x).
        let (mut lo, mut hi) = (a, b - 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.tags.count(q, mask, a, mid + 1) > 0 {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Some(lo)
    }

    /// The stuck messages of one client: the business finishes those whose time has come, and
    /// every consumeTimeout `cleanExpireMsg` sends back the ones consumed for longer.
    ///
    /// `ProcessQueue.cleanExpiredMsg` (not for orderly consumers) looks at most
    /// `min(msgTreeMap.size(), 16)` times at the first cached message: when its consume start
    /// time is more than consumeTimeout ago it is sent back (`sendMessageBack(msg, 3)`: delay
    /// level 3, 10 s, on `%RETRY%group`) and removed from the ProcessQueue, so the offset moves
    /// on; the first message that has not expired ends the loop. The thread is not stopped: a
    /// message that finishes later is processed once more by its retry.
    pub(crate) fn stuck_tick(&mut self, c: usize) {
        let now = self.now;
        let mask = self.effective_mask(c);
        let timeout = self.cfg.client.consume_timeout_minutes.saturating_mul(60_000);
        let Some(cl) = self.clients.get_mut(c) else { return };
        let clean = cl.next_clean_expire <= now;
        if clean {
            cl.next_clean_expire = cl.next_clean_expire.saturating_add(timeout.max(1));
        }
        if cl.pqs.iter().all(|pq| pq.stuck.is_empty()) {
            return;
        }
        let n = cl.pqs.len();
        for i in 0..n {
            let Some(pq) = self.clients.get(c).and_then(|cl| cl.pqs.get(i)) else { continue };
            let finished: Vec<u64> =
                pq.stuck.iter().filter(|x| x.until.is_some_and(|u| u <= now)).map(|x| x.offset).collect();
            for offset in finished {
                self.account_at(c, i, mask, offset, offset + 1);
            }
            let Some(pq) = self.clients.get_mut(c).and_then(|cl| cl.pqs.get_mut(i)) else { continue };
            pq.stuck.retain(|x| x.until.is_none_or(|u| u > now));
            if !clean || self.cfg.group.orderly {
                continue;
            }
            let q = pq.q;
            let tree = pq.holding() + self.tags.count(q, mask, pq.done_to, pq.pulled_to);
            let mut sent = Vec::new();
            for _ in 0..tree.min(16) {
                let first = pq.stuck.iter_mut().find(|x| !x.sent_back);
                let Some(first) = first.filter(|x| now - x.started_at > timeout) else { break };
                first.sent_back = true;
                sent.push(first.offset);
            }
            for offset in sent {
                self.retries.push(Retry { q, from: offset, to: offset + 1, attempts: 0, due: now + delay_level(3) });
                self.counters.expired_sent_back += 1;
                let topic = self.cfg.topic.name.clone();
                let minutes = self.cfg.client.consume_timeout_minutes;
                self.log_client(c, LogKind::ExpiredSentBack { queue: q as u32, topic, offset, minutes });
            }
        }
    }

    /// [`World::account`] for the client's i-th ProcessQueue, in place.
    fn account_at(&mut self, c: usize, i: usize, mask: u8, a: u64, b: u64) {
        if a >= b {
            return;
        }
        let Some(cl) = self.clients.get_mut(c) else { return };
        let Some(pq) = cl.pqs.get_mut(i) else { return };
        let q = pq.q;
        let d = match pq.ledger.as_mut() {
            Some(ledger) => ledger.process(&self.tags, q, mask, a, b),
            None => match self.queues.get_mut(q) {
                Some(queue) => queue.ledger.process(&self.tags, q, mask, a, b),
                None => Delta::default(),
            },
        };
        cl.processed += d.processed;
        cl.processed_tick += d.processed;
        self.add_delta(d);
    }

    /// The business processed `[a, b)` (matching `mask`) of a ProcessQueue's queue.
    pub(crate) fn account(&mut self, c: usize, pq: &mut ProcessQueue, mask: u8, a: u64, b: u64) -> Delta {
        if a >= b {
            return Delta::default();
        }
        let d = match pq.ledger.as_mut() {
            Some(ledger) => ledger.process(&self.tags, pq.q, mask, a, b),
            None => match self.queues.get_mut(pq.q) {
                Some(queue) => queue.ledger.process(&self.tags, pq.q, mask, a, b),
                None => Delta::default(),
            },
        };
        self.add_delta(d);
        if let Some(cl) = self.clients.get_mut(c) {
            cl.processed += d.processed;
            cl.processed_tick += d.processed;
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `if ((queueMaxSpanFlowControlTimes++ % 1000) == 0) log.warn(…, queueMaxSpanFlowControlTimes)`:
    /// the first postponed pull and every 1000th after it warn, printing the count after the
    /// increment; a tick's several attempts warn when one of them is such a pull.
    #[test]
    fn the_span_warning_is_logged_on_the_first_and_every_1000th_postponed_pull() {
        let request = || "PullRequest [consumerGroup=cg, messageQueue=mq, nextOffset=2100]".to_owned();
        let logged = |times: &mut u64, attempts| {
            span_pause(times, attempts, 3, 7, 2_099, request).map(|k| match k {
                LogKind::SpanFlowControl { times, max_span, .. } => (times, max_span),
                _ => (0, 0),
            })
        };
        let mut times = 0;
        assert_eq!(logged(&mut times, 2), Some((1, 2_092)));
        assert_eq!(times, 2);
        let warned: Vec<u64> = (0..1_000).filter_map(|_| logged(&mut times, 2)).map(|(t, _)| t).collect();
        assert_eq!(warned, [1_001, 2_001], "{times}");
        let mut times = 999;
        assert_eq!(logged(&mut times, 1), None);
        assert_eq!(logged(&mut times, 1), Some((1_001, 2_092)));
    }
}
