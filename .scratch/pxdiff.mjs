import sharp from 'sharp';
const [a, b] = process.argv.slice(2);
const [x, y] = await Promise.all([a, b].map((f) => sharp(f).raw().toBuffer({ resolveWithObject: true })));
let diff = 0, big = 0;
for (let i = 0; i < x.data.length; i += x.info.channels) {
  const d = Math.max(...[0, 1, 2].map((c) => Math.abs(x.data[i + c] - y.data[i + c])));
  if (d > 0) diff++;
  if (d > 40) big++;
}
console.log(a, 'pixels differing', diff, 'by >40:', big, 'of', x.data.length / x.info.channels);
