#!/usr/bin/env python3
"""Makes accelerated Dutch tournaments paired round by round by bbpPairings (the oracle).
usage: accgen.py BBP OUTDIR SEED...   Variants by seed % 5:
 0: 250 records, two groups (Baku-like but random sizes)       1: XXA lines for some players
 2: 192 FIDE_DUTCH_2025_BAKU plus 250 records (250 wins)         3: 250 with three groups + 260 + XXP
 4: 192 FIDE_DUTCH_2025_BAKU only (control)
Requested byes (H, Z, F), withdrawals (Z to the end), forfeits, draws."""
import sys, os, random, subprocess, tempfile

def fmt_pts(v):
    return '%4.1f' % v

def entry(e):
    return '%4s %s %s' % e

def player_line(pid, name, rating, points, rounds):
    head = '001 %4d m    %-33s %4d     %11s %-10s %4s     ' % (pid, name, rating, '', '', fmt_pts(points))
    head = head[:89]
    body = ''.join('  ' + entry(e) for e in rounds)
    return (head + ' ' + body[1:]).rstrip() if rounds else head.rstrip()

PTS = {'1': 1.0, '=': 0.5, '0': 0.0, '+': 1.0, '-': 0.0, 'H': 0.5, 'F': 1.0, 'U': 1.0, 'Z': 0.0}

def make(seed, bbp, outdir):
    rng = random.Random(seed)
    n = rng.randint(12, 120)
    R = rng.randint(5, 11)
    variant = seed % 5
    ratings = sorted((rng.randint(1000, 2600) for _ in range(n)), reverse=True)
    headers = ['012 Accelerated test %d' % seed]
    extra = []
    half = (n + 1) // 2
    if variant in (2, 4):
        headers.append('192 FIDE_DUTCH_2025_BAKU')
    else:
        headers.append('192 FIDE_DUTCH_2025')
    if variant in (0, 2):
        top = rng.randint(max(2, n // 4), max(3, (3 * n) // 4))
        full = rng.randint(1, max(1, R // 3))
        last = rng.randint(full, max(full, (R + 1) // 2))
        extra.append('250      %4.1f %3d %3d %4d %4d' % (1.0, 1, full, 1, top))
        if last > full:
            extra.append('250      %4.1f %3d %3d %4d %4d' % (0.5, full + 1, last, 1, top))
    elif variant == 1:
        k = rng.randint(2, n // 2)
        for pid in sorted(rng.sample(range(1, n + 1), k)):
            vals = [rng.choice([1.0, 1.0, 0.5, 0.0]) for _ in range(rng.randint(1, R))]
            extra.append('XXA %4d' % pid + ''.join(' ' + fmt_pts(v) for v in vals))
    elif variant == 3:
        a = rng.randint(2, n // 3)
        b = rng.randint(a + 1, max(a + 1, (2 * n) // 3))
        last = rng.randint(2, max(2, R // 2))
        extra.append('250      %4.1f %3d %3d %4d %4d' % (2.0, 1, last, 1, a))
        extra.append('250      %4.1f %3d %3d %4d %4d' % (1.0, 1, last, a + 1, b))
        # prohibited pairs: small groups for the first rounds, one universal pair
        for _ in range(rng.randint(1, 4)):
            g = sorted(rng.sample(range(1, n + 1), rng.randint(2, 4)))
            extra.append('260 %3d %3d ' % (1, rng.randint(1, 3)) + ' '.join('%4d' % p for p in g))
        g = sorted(rng.sample(range(1, n + 1), 2))
        extra.append('XXP ' + ' '.join(str(p) for p in g))
    colour = rng.choice(['white1', 'black1'])
    hpb = rng.uniform(0.0, 0.06)
    forfeit = rng.uniform(0.0, 0.06)
    draw = rng.uniform(0.05, 0.45)
    withdrawn = {}
    for pid in rng.sample(range(1, n + 1), rng.randint(0, max(1, n // 12))):
        withdrawn[pid] = rng.randint(2, R)  # absent from this round on
    rounds = {pid: [] for pid in range(1, n + 1)}
    tmp = tempfile.mkdtemp()
    for k in range(1, R + 1):
        absent = {}
        for pid in range(1, n + 1):
            if pid in withdrawn and k >= withdrawn[pid]:
                absent[pid] = 'Z'
            elif k < R and rng.random() < hpb:
                absent[pid] = rng.choice('HHHZF')
        lines = list(headers) + ['XXR %d' % R, 'XXC %s' % colour]
        for pid in range(1, n + 1):
            rs = list(rounds[pid])
            if pid in absent:
                rs.append(('0000', '-', absent[pid]))
            pts = sum(PTS[e[2]] for e in rounds[pid])
            lines.append(player_line(pid, 'Player %04d' % pid, ratings[pid - 1], pts, rs))
        lines += extra
        inp = os.path.join(tmp, 'in.trf'); out = os.path.join(tmp, 'out.txt')
        open(inp, 'w', newline='').write('\r'.join(lines) + '\r')
        p = subprocess.run([bbp, '--dutch', inp, '-p', out], capture_output=True, text=True)
        if p.returncode != 0:
            sys.stderr.write('seed %d round %d: rc %d %s%s' % (seed, k, p.returncode, p.stderr, p.stdout))
            return None
        toks = open(out).read().split()
        m = int(toks[0])
        paired = set()
        for j in range(m):
            w, b = int(toks[1 + 2 * j]), int(toks[2 + 2 * j])
            if b == 0:
                rounds[w].append(('0000', '-', 'U')); paired.add(w); continue
            paired.add(w); paired.add(b)
            x = rng.random()
            if x < forfeit:
                if rng.random() < 0.5:
                    rw, rb = '+', '-'
                else:
                    rw, rb = '-', '+'
            else:
                y = rng.random()
                d = ratings[w - 1] - ratings[b - 1]
                pw = (1 - draw) / (1 + 10 ** (-d / 400))
                rw, rb = ('1', '0') if y < pw else (('=', '=') if y < pw + draw else ('0', '1'))
            rounds[w].append(('%d' % b, 'w', rw))
            rounds[b].append(('%d' % w, 'b', rb))
        for pid in range(1, n + 1):
            if pid in absent:
                rounds[pid].append(('0000', '-', absent[pid]))
            elif pid not in paired:
                sys.stderr.write('seed %d round %d: player %d not paired\n' % (seed, k, pid))
                return None
    lines = list(headers) + ['XXR %d' % R, 'XXC %s' % colour]
    for pid in range(1, n + 1):
        pts = sum(PTS[e[2]] for e in rounds[pid])
        lines.append(player_line(pid, 'Player %04d' % pid, ratings[pid - 1], pts, rounds[pid]))
    lines += extra
    name = 'acc-%d-p%d-r%d.trf' % (seed, n, R)
    open(os.path.join(outdir, name), 'w', newline='').write('\r'.join(lines) + '\r')
    return name

if __name__ == '__main__':
    bbp, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    for s in sys.argv[3:]:
        r = make(int(s), bbp, outdir)
        print(s, r, flush=True)
