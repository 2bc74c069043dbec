import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { InteractionRecording } from '../../../domain/interactions.ts';
import { settings } from '../../lib/settings.ts';
import { selectedAccountIdAtom, store } from '../../state/account.ts';
import { recordingAccess } from './recording-access.ts';
import { recordingPath } from './queries.ts';
import { minutesSeconds, seekStep, seekTo } from './timeline.ts';

/**
 * The full URL of a recording, with `accountId` when acting in another account: the `<audio>`
 * element fetches it by itself, outside the API client that adds both.
 */
function recordingUrl(path: string): string {
  const url = new URL(`${settings.apiBaseUrl}${path}`, window.location.origin);
  const accountId = store.get(selectedAccountIdAtom);
  if (accountId) url.searchParams.set('accountId', accountId);
  return url.href;
}

type RecordingPlayerProps = {
  interactionId: string;
  eventId: string;
  recording: InteractionRecording;
  /** Names the player ('Recording 1 of leg 2'). */
  label: string;
};

/**
 * A recording of the call: the browser's own player (`preload="metadata"`: nothing but the
 * header is fetched until Play), its source the API's recording path, which the service worker
 * (recording-access.ts) signs with the bearer token. Keys on the focused player: Space plays or
 * pauses, the arrow keys seek 5 seconds (15 with Shift), Home and End go to the start and end.
 */
export function RecordingPlayer({ interactionId, eventId, recording, label }: RecordingPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [access, setAccess] = useState<'pending' | 'ready' | 'unavailable'>('pending');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void recordingAccess().then((ok) => {
      if (live) setAccess(ok ? 'ready' : 'unavailable');
    });
    return () => {
      live = false;
    };
  }, []);

  // Where the last seek asked to go: a key pressed while the player is still seeking counts from
  // there (the player may report its old position until the seek is done, and a fast typist's
  // presses would otherwise be lost).
  const seekTarget = useRef<number | null>(null);
  const seek = (player: HTMLAudioElement, to: number) => {
    seekTarget.current = to;
    player.currentTime = to;
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLAudioElement>) => {
    const player = audio.current;
    if (!player || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === ' ') {
      event.preventDefault();
      if (event.repeat) return;
      if (player.paused) void player.play().catch(() => setFailed(true));
      else player.pause();
      return;
    }
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      seek(player, event.key === 'Home' ? 0 : seekTo(0, Infinity, player.duration || recording.durationSeconds));
      return;
    }
    const delta = seekStep(event.key, event.shiftKey);
    if (delta === 0) return;
    event.preventDefault();
    const from = player.seeking && seekTarget.current !== null ? seekTarget.current : player.currentTime;
    seek(player, seekTo(from, delta, player.duration || recording.durationSeconds));
  };
  // Space is the app's own: it toggles on key-down (above, defaults prevented: no page scroll, no
  // key-press). Chromium's player toggles a focused <audio> again on the key's release, while the
  // event is at the element, before it bubbles to React's root: a key-up handler there comes too
  // late (the press played and paused at once). Its default is prevented in the capture phase.
  const handleKeyUpCapture = (event: KeyboardEvent<HTMLAudioElement>) => {
    if (event.key === ' ') event.preventDefault();
  };

  const hintId = `${eventId}-${recording.path}-hint`.replace(/[^A-Za-z0-9_-]/g, '-');
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">
        {label} · <span className="tabular-nums">{minutesSeconds(recording.durationSeconds)}</span>
      </figcaption>
      {access === 'unavailable' ? (
        <p className="text-sm text-red-800 dark:text-red-300">This browser cannot play recordings of the portal (it has no service workers).</p>
      ) : (
        <audio
          ref={audio}
          controls
          preload="metadata"
          src={access === 'ready' ? recordingUrl(recordingPath(interactionId, eventId, recording.path)) : undefined}
          aria-label={label}
          aria-describedby={hintId}
          aria-keyshortcuts="Space ArrowLeft ArrowRight Home End"
          tabIndex={0}
          onKeyDown={handleKeyDown}
          onKeyUpCapture={handleKeyUpCapture}
          onError={() => setFailed(true)}
          onCanPlay={() => setFailed(false)}
          className="w-full max-w-md rounded focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {/* What a browser without <audio> shows. */}
          {label}
        </audio>
      )}
      <p id={hintId} className="sr-only">
        Space plays or pauses, the arrow keys seek 5 seconds, 15 with Shift.
      </p>
      {failed ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          The recording could not be played. Please try again.
        </p>
      ) : null}
    </figure>
  );
}
