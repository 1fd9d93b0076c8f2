#!/usr/bin/env bash
# Redrives the events waiting in a worker's failure queue or a rule target's dead-letter queue
# (infra/README.md, "Failed events"). Needs the AWS CLI v2 and jq.
#
#   infra/scripts/redrive.sh --queue <queue url> [--dry-run] [--to-bus <event bus name>]
#
# Each message is turned back into the worker invocation it failed as:
#   - failure queue (`<service>Failures`): a Lambda invocation record; the event is its `requestPayload`,
#     the worker is `requestContext.functionArn`;
#   - dead-letter queue (`<service>DeadLetters`): the event itself; the worker is the message attribute TARGET_ARN.
# By default the event is sent to that worker again (asynchronous invoke: Lambda's retries and the failure
# queue apply again), so only the consumer that failed runs. With --to-bus it is put on the bus again instead:
# every subscriber of that event gets it once more (consumers ignore versions they already hold), and
# scheduled events (source aws.events) cannot be put: they are left in the queue.
# A message is deleted only once its event was accepted. --dry-run prints what would be sent and deletes
# nothing (the messages are visible again after 30 s).
set -euo pipefail

queue='' dry_run=false bus=''
while [ $# -gt 0 ]; do
  case "$1" in
    --queue) queue="${2:?--queue needs a queue url}"; shift 2 ;;
    --dry-run) dry_run=true; shift ;;
    --to-bus) bus="${2:?--to-bus needs an event bus name}"; shift 2 ;;
    *) echo "usage: $0 --queue <queue url> [--dry-run] [--to-bus <event bus name>]" >&2; exit 2 ;;
  esac
done
[ -n "$queue" ] || { echo "usage: $0 --queue <queue url> [--dry-run] [--to-bus <event bus name>]" >&2; exit 2; }

# Long enough to redrive a batch of 10 before the messages become visible to the next receive.
visibility=$([ "$dry_run" = true ] && echo 30 || echo 120)
sent=0 kept=0
while :; do
  batch=$(aws sqs receive-message --queue-url "$queue" --max-number-of-messages 10 --visibility-timeout "$visibility" \
    --wait-time-seconds 2 --message-attribute-names All --output json)
  # The CLI prints nothing when the queue is empty.
  count=$(if [ -n "$batch" ]; then jq '.Messages // [] | length' <<<"$batch"; else echo 0; fi)
  [ "$count" -gt 0 ] || break
  for i in $(seq 0 $((count - 1))); do
    message=$(jq -c ".Messages[$i]" <<<"$batch")
    receipt=$(jq -r '.ReceiptHandle' <<<"$message")
    body=$(jq -r '.Body' <<<"$message")
    if jq -e '.requestContext.functionArn and has("requestPayload")' <<<"$body" >/dev/null 2>&1; then
      fn=$(jq -r '.requestContext.functionArn' <<<"$body")
      event=$(jq -c '.requestPayload' <<<"$body")
      why=$(jq -r '"\(.requestContext.condition) after \(.requestContext.approximateInvokeCount) attempts: \(.responsePayload.errorMessage // .responseContext.functionError // "-")"' <<<"$body")
    else
      fn=$(jq -r '.MessageAttributes.TARGET_ARN.StringValue // empty' <<<"$message")
      event="$body"
      why=$(jq -r '"delivery failed: \(.MessageAttributes.ERROR_CODE.StringValue // "?") \(.MessageAttributes.ERROR_MESSAGE.StringValue // "")"' <<<"$message")
    fi
    summary=$(jq -r '"\(.["detail-type"] // "?") \(.id // "?") from \(.source // "?")"' <<<"$event" 2>/dev/null || echo 'unreadable event')
    if [ -n "$bus" ]; then
      if [ "$(jq -r '.source // ""' <<<"$event")" = aws.events ]; then
        echo "keep  $summary: a scheduled event cannot be put on a bus; redrive it without --to-bus" >&2; kept=$((kept + 1)); continue
      fi
      entries=$(jq -c --arg bus "$bus" '[{EventBusName: $bus, Source: .source, DetailType: .["detail-type"], Detail: (.detail | tojson)}]' <<<"$event")
      echo "bus   $summary ($why)"
      if [ "$dry_run" = false ]; then
        failed=$(aws events put-events --entries "$entries" --output json | jq '.FailedEntryCount')
        [ "$failed" = 0 ] || { echo "keep  $summary: put-events refused it" >&2; kept=$((kept + 1)); continue; }
      fi
    else
      [ -n "$fn" ] || { echo "keep  $summary: no worker named in the message" >&2; kept=$((kept + 1)); continue; }
      echo "invoke ${fn##*:function:} with $summary ($why)"
      if [ "$dry_run" = false ]; then
        aws lambda invoke --function-name "$fn" --invocation-type Event --cli-binary-format raw-in-base64-out \
          --payload "$event" /dev/null >/dev/null || { echo "keep  $summary: invoke failed" >&2; kept=$((kept + 1)); continue; }
      fi
    fi
    if [ "$dry_run" = false ]; then aws sqs delete-message --queue-url "$queue" --receipt-handle "$receipt"; fi
    sent=$((sent + 1))
  done
done
echo "$([ "$dry_run" = true ] && echo 'would redrive' || echo 'redriven'): $sent, left in the queue: $kept"
