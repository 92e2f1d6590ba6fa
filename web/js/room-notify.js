//! "Notify me when it is my turn" in the room (issue 48, point 4): offered to a seated player of a
//! correspondence match once its first move is played, when the player knows the match will go
//! on for days and may close the tab. The toggle itself is notify.js's, as on the account page.

import { h } from './dom.js';
import { notifyToggle } from './notify.js';

/** `{el}`: the toggle, shown while the room's match is a correspondence one under way, past its first move, with the player seated. */
export function roomNotify(model) {
  let toggle = null;
  const el = h('div', { id: 'room-notify', hidden: true });
  const update = () => {
    const { room, view } = model.st;
    const show = Boolean(room && room.status === 'playing' && room.clock && room.clock.kind === 'correspondence'
      && view && view.ply >= 1 && model.mySeat() !== null);
    // Made once, when first shown: it asks the browser for its subscription.
    if (show && !toggle) {
      toggle = notifyToggle('room-notify-turns');
      el.append(toggle);
    }
    el.hidden = !show;
  };
  model.on('change', update);
  return { el };
}
