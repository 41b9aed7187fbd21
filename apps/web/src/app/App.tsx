export function App() {
  return (
    <main>
      <h1>Slipstream</h1>
      <p>Unofficial Formula 1 fan site.</p>
    </main>
  );
}
