import { describe, expect, it } from 'vitest';
import { formatLogLine } from './json-log.ts';

describe('readable local logs', () => {
  it('turns a Powertools JSON line into one line with the keys that matter', () => {
    const line = JSON.stringify({
      level: 'INFO', message: 'lead scoring done', timestamp: '2026-11-23T12:01:02.345Z', service: 'marketing',
      cold_start: true, function_name: 'marketing-worker', function_request_id: 'r-1', correlation_id: 'req-9', memberId: 'u-1', scanned: 3, note: 'two words',
    });
    expect(formatLogLine(line)).toBe('12:01:02.345 INFO  marketing lead scoring done  cold_start=true function_request_id=r-1 correlation_id=req-9 memberId=u-1 scanned=3 note="two words"');
  });
  it('leaves cold_start out when false, and puts an error stack under the line', () => {
    const line = JSON.stringify({ level: 'ERROR', message: 'unhandled error', timestamp: '2026-11-23T12:01:02.345Z', service: 'humidor', cold_start: false, error: { name: 'Error', message: 'boom', stack: 'Error: boom\n    at x' } });
    expect(formatLogLine(line)).toBe('12:01:02.345 ERROR humidor   unhandled error\n    Error: boom\n        at x');
  });
  it('passes other lines through', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
    expect(formatLogLine('{not json')).toBe('{not json');
    expect(formatLogLine('{"a":1}')).toBe('{"a":1}');
  });
});
