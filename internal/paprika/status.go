package paprika

// WebhookStatuses lists every status of a webhook event (WebhookPending,
// WebhookDelivered, WebhookFailed), in the order of an event's life. With
// Statuses, it is every word a status column holds: internal/postgres's SQL
// spells them through {{status}}, which takes them from these two lists,
// and the schema's CHECK constraints (migration 00009) admit no other.
var WebhookStatuses = []string{WebhookPending, WebhookDelivered, WebhookFailed}
