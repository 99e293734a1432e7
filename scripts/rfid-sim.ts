// `npm run rfid:sim`: a simulated RFID board (3M 810, Feig with --feig, STX/ETX with --stx-etx) on a virtual serial port (socat pty), for
// trying the desktop app without hardware. Point the app's RFID settings (/setting) at the port
// it prints, then type commands here.
import { createInterface } from 'node:readline';
import { openPtyPair } from '../src/main/rfid/pty-pair.ts';
import { openSerialTransport } from '../src/main/rfid/transport.ts';
import { attach3m810Simulator } from '../src/main/rfid/m3-810-simulator.ts';
import { attachFeigSimulator } from '../src/main/rfid/feig-simulator.ts';
import { attachStxEtxSimulator } from '../src/main/rfid/stx-etx-simulator.ts';
import { blankTag, TagField } from '../src/main/rfid/tag-field.ts';
import { decodeAny } from '../src/main/rfid/device-service.ts';
import { encodeLibraryTag } from '../src/shared/domain/rfid/iso28560-2.ts';

const HELP = `commands:
  place [barcode]   lay a tag on the pad (blank, or holding this barcode, ISO 28560-2)
  lift [uid]        take a tag off (the last one placed when no UID is given)
  list              the tags on the pad with their AFI and barcode
  fault <kind>      afi | write | read | silent | lift | noise   (one failure each; silent and noise stay)
  ok                clear every fault
  quit`;

// `npm run rfid:sim -- --feig` speaks the Feig ISO host protocol instead, `-- --stx-etx` the STX/ETX one.
const BOARDS = {
  '3m-810': { name: '3M 810 board', baud: 19200, parity: 'none', attach: attach3m810Simulator },
  feig: { name: 'Feig ISO host reader', baud: 38400, parity: 'even', attach: attachFeigSimulator },
  'stx-etx': { name: 'STX/ETX board', baud: 115200, parity: 'none', attach: attachStxEtxSimulator },
} as const;
const kind = process.argv.includes('--feig') ? 'feig' : process.argv.includes('--stx-etx') ? 'stx-etx' : '3m-810';
const sim = BOARDS[kind];
const pty = await openPtyPair();
const board = await openSerialTransport(pty.boardPort, sim.baud, { parity: sim.parity });
const field = new TagField();
sim.attach(board, field);
console.log(`Simulated ${sim.name} on ${pty.appPort}\n(set this board model and port in /setting)\n${HELP}`);

const rl = createInterface({ input: process.stdin, prompt: 'rfid> ' });
rl.prompt();
rl.on('line', (line) => {
  const [cmd, arg] = line.trim().split(/\s+/);
  switch (cmd) {
    case 'place': {
      const tag = field.place(blankTag());
      if (arg) tag.blocks.set(encodeLibraryTag({ primaryItemId: arg }));
      console.log(`placed ${tag.uid}`);
      break;
    }
    case 'lift': {
      const uid = arg?.toUpperCase() ?? [...field.tags.keys()].at(-1);
      console.log(uid && field.lift(uid) ? `lifted ${uid}` : 'no such tag');
      break;
    }
    case 'list':
      for (const t of field.tags.values()) console.log(`${t.uid}  AFI 0x${t.afi.toString(16).padStart(2, '0')}  ${decodeAny(t.blocks).data?.primaryItemId ?? '(blank)'}`);
      if (!field.tags.size) console.log('(the pad is empty)');
      break;
    case 'fault': {
      const faults = { afi: { afiWriteFailures: 1 }, write: { blockWriteFailures: 1 }, read: { readFailures: 1 }, silent: { silent: true }, lift: { liftAfterBlocks: 2 }, noise: { noise: true } } as const;
      const f = faults[arg as keyof typeof faults];
      if (f) field.fault(f);
      console.log(f ? `fault ${arg} armed` : HELP);
      break;
    }
    case 'ok':
      field.resetFaults();
      console.log('no faults');
      break;
    case 'quit':
      rl.close();
      return;
    default:
      if (cmd) console.log(HELP);
  }
  rl.prompt();
});
rl.on('close', () => void board.close().then(() => pty.close()).then(() => process.exit(0)));
