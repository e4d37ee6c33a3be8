// The language picker in the footer: a choice takes effect at once (the form posts to
// Django's set_language, which remembers it in a cookie); without scripts, its button.
const form = document.querySelector(".language-picker");
if (form) {
  form.querySelector("button").hidden = true;
  form.querySelector("select").addEventListener("change", () => form.submit());
}
