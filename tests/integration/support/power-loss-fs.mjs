/**
 * Preloaded (node --import) into the server of lead-power-loss.integ.ts. It wraps node:fs so that a
 * copy of POWER_LOSS_WATCH under POWER_LOSS_IMAGE holds each file only as of its last fsync: what a
 * disk keeps when the power goes. A file never fsynced is absent there; one written since its fsync
 * keeps its old bytes. Renames and unlinks apply to the image at once (PostgreSQL fsyncs the
 * directory after each that matters); writes are tracked by byte range, so an fsync copies only
 * what changed. Any other way of writing under the folder goes to POWER_LOSS_IMAGE.unsupported,
 * which the test expects empty.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

const watch = path.resolve(process.env.POWER_LOSS_WATCH);
const image = path.resolve(process.env.POWER_LOSS_IMAGE);
const real = { ...fs };
const fds = new Map(); // fd -> path under watch
const dirty = new Map(); // path -> { whole: boolean, ranges: [start, end][] }

const inside = (target) =>
  typeof target === 'string' &&
  (path.resolve(target) === watch || path.resolve(target).startsWith(watch + path.sep));
const imageOf = (target) => path.join(image, path.relative(watch, path.resolve(target)));
const unsupported = (operation, target) =>
  real.appendFileSync(`${image}.unsupported`, `${operation} ${target}\n`);

function markWhole(target) {
  dirty.set(target, { whole: true, ranges: [] });
}

function markRange(target, start, end) {
  const entry = dirty.get(target) ?? { whole: false, ranges: [] };
  if (!entry.whole) {
    const last = entry.ranges.at(-1);
    if (last && start <= last[1] && start >= last[0]) last[1] = Math.max(last[1], end);
    else entry.ranges.push([start, end]);
    if (entry.ranges.length > 10_000) entry.whole = true;
  }
  dirty.set(target, entry);
}

/** What fsync makes durable: the file's current bytes (or, for a directory, that it exists). */
function persist(target) {
  const stat = real.statSync(target);
  const copy = imageOf(target);
  if (stat.isDirectory()) return void real.mkdirSync(copy, { recursive: true });
  real.mkdirSync(path.dirname(copy), { recursive: true });
  const entry = dirty.get(target);
  dirty.delete(target);
  if (!real.existsSync(copy) || entry?.whole) return void real.copyFileSync(target, copy);
  const out = real.openSync(copy, 'r+');
  const source = real.openSync(target, 'r');
  try {
    real.ftruncateSync(out, stat.size);
    for (const [start, end] of entry?.ranges ?? []) {
      const length = Math.min(end, stat.size) - start;
      if (length <= 0) continue;
      const buffer = Buffer.alloc(length);
      real.readSync(source, buffer, 0, length, start);
      real.writeSync(out, buffer, 0, length, start);
    }
  } finally {
    real.closeSync(out);
    real.closeSync(source);
  }
}

fs.openSync = function openSync(target, flags, mode) {
  const fd = real.openSync(target, flags, mode);
  if (inside(target)) {
    const absolute = path.resolve(target);
    fds.set(fd, absolute);
    const truncates =
      typeof flags === 'number'
        ? (flags & fs.constants.O_TRUNC) !== 0
        : /^w/.test(String(flags ?? ''));
    if (truncates) markWhole(absolute);
  }
  return fd;
};
fs.closeSync = function closeSync(fd) {
  fds.delete(fd);
  return real.closeSync(fd);
};
fs.writeSync = function writeSync(fd, buffer, ...rest) {
  const written = real.writeSync(fd, buffer, ...rest);
  const target = fds.get(fd);
  if (target) {
    const position = ArrayBuffer.isView(buffer) ? rest[2] : undefined;
    if (typeof position === 'number' && position >= 0)
      markRange(target, position, position + written);
    else markWhole(target);
  }
  return written;
};
fs.ftruncateSync = function ftruncateSync(fd, length) {
  real.ftruncateSync(fd, length);
  if (fds.has(fd)) markWhole(fds.get(fd));
};
fs.truncateSync = function truncateSync(target, length) {
  real.truncateSync(target, length);
  if (inside(target)) markWhole(path.resolve(target));
};
fs.writeFileSync = function writeFileSync(target, data, options) {
  real.writeFileSync(target, data, options);
  if (typeof target === 'number' && fds.has(target)) markWhole(fds.get(target));
  else if (inside(target)) markWhole(path.resolve(target));
};
fs.fsyncSync = function fsyncSync(fd) {
  real.fsyncSync(fd);
  if (fds.has(fd)) persist(fds.get(fd));
};
fs.fdatasyncSync = function fdatasyncSync(fd) {
  real.fdatasyncSync(fd);
  if (fds.has(fd)) persist(fds.get(fd));
};
fs.renameSync = function renameSync(from, to) {
  real.renameSync(from, to);
  if (!inside(from) && !inside(to)) return;
  const [a, b] = [path.resolve(from), path.resolve(to)];
  real.rmSync(imageOf(b), { recursive: true, force: true });
  if (inside(from) && inside(to) && real.existsSync(imageOf(a))) {
    real.mkdirSync(path.dirname(imageOf(b)), { recursive: true });
    real.renameSync(imageOf(a), imageOf(b));
  }
  if (dirty.has(a)) dirty.set(b, dirty.get(a));
  dirty.delete(a);
  for (const [fd, target] of fds) if (target === a) fds.set(fd, b);
};
fs.unlinkSync = function unlinkSync(target) {
  real.unlinkSync(target);
  if (inside(target)) {
    real.rmSync(imageOf(target), { force: true });
    dirty.delete(path.resolve(target));
  }
};
fs.rmdirSync = function rmdirSync(target, options) {
  real.rmdirSync(target, options);
  if (inside(target)) real.rmSync(imageOf(target), { recursive: true, force: true });
};
for (const name of [
  'linkSync',
  'symlinkSync',
  'copyFileSync',
  'appendFileSync',
  'writevSync',
  'rmSync',
  'cpSync',
]) {
  const original = real[name];
  fs[name] = function (...args) {
    const [first, second] = args;
    if (inside(first) || inside(second) || (typeof first === 'number' && fds.has(first)))
      unsupported(name, String(first));
    return original.apply(this, args);
  };
}
for (const name of [
  'open',
  'write',
  'writeFile',
  'appendFile',
  'fsync',
  'fdatasync',
  'rename',
  'unlink',
  'truncate',
  'ftruncate',
]) {
  const original = real[name];
  fs[name] = function (...args) {
    const [first] = args;
    if (inside(first) || (typeof first === 'number' && fds.has(first)))
      unsupported(name, String(first));
    return original.apply(this, args);
  };
}
syncBuiltinESMExports();
