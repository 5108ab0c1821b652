
if(!window.rtA11y){
 window.rtA11y=function(){
  var L=window.rtLabels||{}, main=document.getElementById('rendered_cells');
  if(main&&!main.getAttribute('role')){main.setAttribute('role','main');}
  var icons={'fa-play':'play','fa-pause':'pause','fa-stop':'stop','fa-repeat':'loop','fa-retweet':'loop'};
  document.querySelectorAll('.rt-play button').forEach(function(b){
   var i=b.querySelector('i'); if(!i)return;
   for(var k in icons){ if(i.classList.contains(k)&&L[icons[k]]){
    if(b.getAttribute('aria-label')!==L[icons[k]]){b.setAttribute('aria-label',L[icons[k]]);b.title=L[icons[k]];}
   }}
  });
  document.querySelectorAll('.rt-slider [role=slider]').forEach(function(h){
   if(L.step&&h.getAttribute('aria-label')!==L.step){h.setAttribute('aria-label',L.step);}
  });
  document.querySelectorAll('.rt-board').forEach(function(b){
   if(L.board&&b.getAttribute('aria-label')!==L.board){b.setAttribute('role','region');b.setAttribute('aria-label',L.board);}
  });
  document.querySelectorAll('button.rt-refused[disabled]').forEach(function(b){
   b.disabled=false;b.setAttribute('aria-disabled','true');
  });
  document.querySelectorAll('button[aria-disabled=true]:not(.rt-refused)').forEach(function(b){
   b.removeAttribute('aria-disabled');
  });
  document.querySelectorAll('.rt-message, .rt-hint-text').forEach(function(m){
   if(!m.hasAttribute('aria-live')){m.setAttribute('aria-live','polite');}
   var said=m.innerText||'';
   if(said!==(m.rtSaid||'')){m.rtSaid=said; if(said.trim()&&m.scrollIntoView){m.scrollIntoView({block:'nearest'});}}
  });
  document.querySelectorAll('.rt-board, .rt-board div').forEach(function(b){
   if(b.hasAttribute('tabindex'))return;
   if(b.scrollWidth<=b.clientWidth+1&&b.scrollHeight<=b.clientHeight+1)return;
   var st=getComputedStyle(b);
   if(/auto|scroll/.test(st.overflowX+' '+st.overflowY)){b.setAttribute('tabindex','0');}
  });
 };
 var queued=false;
 new MutationObserver(function(){ if(queued)return; queued=true;
  requestAnimationFrame(function(){queued=false;window.rtA11y();}); })
  .observe(document.body,{childList:true,subtree:true,attributes:true,attributeFilter:['disabled','class']});
 window.addEventListener('resize',function(){window.rtA11y();});
}
window.rtA11y();
