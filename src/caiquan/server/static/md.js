// A minimal Markdown renderer: headings, lists, tables, code blocks, paragraphs, emphasis and
// (with opts.images, the folder URL they come from) pictures given as plain PNG file names.
// The input is escaped first, so nothing in it becomes HTML of its own.
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function inline(s) {
  return esc(s)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1");
}

// A paragraph that is only a picture: ![caption](name.png) — a plain file name, never a path.
const PICTURE = /^!\[([^\]]*)\]\(([a-z0-9_-]+\.png)\)$/;

export function markdown(text, opts = {}) {
  const lines = text.replace(/\r/g, "").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^```/.test(line)) {
      const body = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) body.push(lines[i]);
      i++;
      out.push(`<pre><code>${esc(body.join("\n"))}</code></pre>`);
    } else if (/^#{1,6} /.test(line)) {
      const n = line.match(/^#+/)[0].length;
      out.push(`<h${n + 1}>${inline(line.slice(n + 1))}</h${n + 1}>`);
      i++;
    } else if (/^\s*\|/.test(line)) {
      const rows = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) rows.push(lines[i]);
      const cells = (r) => r.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const body = rows.filter((r) => !/^\s*\|[\s:|-]+\|\s*$/.test(r));
      const head = body.shift();
      out.push("<div class=\"table-wrap\"><table><thead><tr>" +
        cells(head).map((c) => `<th>${inline(c)}</th>`).join("") + "</tr></thead><tbody>" +
        body.map((r) => "<tr>" + cells(r).map((c) => `<td>${inline(c)}</td>`).join("") + "</tr>").join("") +
        "</tbody></table></div>");
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      for (; i < lines.length && /^\s*([-*]|\d+\.) /.test(lines[i]); i++) {
        let item = lines[i].replace(/^\s*([-*]|\d+\.) /, "");
        while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]) && !/^\s*([-*]|\d+\.) /.test(lines[i + 1])) {
          item += " " + lines[++i].trim();
        }
        items.push(`<li>${inline(item)}</li>`);
      }
      const tag = ordered ? "ol" : "ul";
      out.push(`<${tag}>${items.join("")}</${tag}>`);
    } else if (/^\s*>/.test(line)) {
      const q = [];
      for (; i < lines.length && /^\s*>/.test(lines[i]); i++) q.push(lines[i].replace(/^\s*>\s?/, ""));
      out.push(`<blockquote>${inline(q.join(" "))}</blockquote>`);
    } else if (PICTURE.test(line.trim())) {
      const [, alt, name] = line.trim().match(PICTURE);
      out.push(opts.images
        ? `<figure class="md-picture"><img src="${esc(opts.images + name)}" alt="${esc(alt).replace(/"/g, "&quot;")}" loading="lazy"><figcaption>${inline(alt)}</figcaption></figure>`
        : `<p><em>${inline(alt)}</em></p>`);
      i++;
    } else if (!line.trim()) {
      i++;
    } else {
      const p = [];
      for (; i < lines.length && lines[i].trim() && !/^(#|```|\s*\||\s*([-*]|\d+\.) |\s*>)/.test(lines[i]); i++) p.push(lines[i]);
      out.push(`<p>${inline(p.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}
