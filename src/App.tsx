/** The app shell (replaced by the shell feature): the product's name and a sign that the SPA is up. */
export function App() {
  return (
    <main>
      <h1>Focustar</h1>
      <p>好きなお店を、SNSで応援しよう。</p>
    </main>
  );
}
