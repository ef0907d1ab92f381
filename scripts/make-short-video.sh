#!/bin/sh
# Makes server/assets/curto.webm, the demo short video of the reference server
# (server/seed-short-videos.ts): 24 s, 320×180, 10 fps, VP8 ~24 kbit/s + mono Opus ~12 kbit/s,
# under 150 KB. The picture is ffmpeg's test pattern with its running seconds counter (so a
# resumed position is visible) and the sound a soft 440 Hz tone. It must be longer than 15 s:
# resuming is refused inside the first and the last 5 s (resumePosition), so the e2e test
# needs room in between. Key frame every 1 s so seeking lands close to the asked time.
#
#   apt-get install -y ffmpeg   # Debian 12: ffmpeg 5.1
#   sh scripts/make-short-video.sh
set -eu
cd "$(dirname "$0")/.."
out=server/assets/curto.webm
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc=size=320x180:rate=10:duration=24" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=24,volume=0.2" \
  -c:v libvpx -b:v 24k -minrate 8k -maxrate 48k -g 10 -deadline good -cpu-used 4 \
  -c:a libopus -b:a 12k -ac 1 \
  -map_metadata -1 -fflags +bitexact \
  "$out"
ls -l "$out"
